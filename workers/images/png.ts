import { zlibSync } from "fflate";

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function assemble(width: number, height: number, colourType: 2 | 6, idat: Uint8Array): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, colourType, 0, 0, 0], 8);
  const parts = [new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", idat), chunk("IEND", new Uint8Array())];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** zlib-wrapped deflate by the runtime's own zlib (CompressionStream), much faster than deflate in JS. */
async function deflateNative(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Premultiplied RGBA (resvg's pixels) as a PNG: straight alpha, RGB when every pixel is opaque (a
 * quarter less to compress), each row filtered "Up" (cheap, and near Paeth's size on renders).
 */
export async function encodeRenderedPng(premultiplied: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  let opaque = true;
  for (let i = 3; i < premultiplied.length; i += 4) {
    if (premultiplied[i] !== 255) {
      opaque = false;
      break;
    }
  }
  const channels = opaque ? 3 : 4;
  const stride = width * channels;
  const raw = new Uint8Array((stride + 1) * height);
  let previous = new Uint8Array(stride);
  let line = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    for (let x = 0, i = y * width * 4, o = 0; x < width; x++, i += 4) {
      const a = premultiplied[i + 3];
      if (a === 255 || a === 0) {
        line[o++] = premultiplied[i];
        line[o++] = premultiplied[i + 1];
        line[o++] = premultiplied[i + 2];
      } else {
        line[o++] = Math.min(255, Math.round((premultiplied[i] * 255) / a));
        line[o++] = Math.min(255, Math.round((premultiplied[i + 1] * 255) / a));
        line[o++] = Math.min(255, Math.round((premultiplied[i + 2] * 255) / a));
      }
      if (channels === 4) line[o++] = a;
    }
    const row = y * (stride + 1);
    raw[row] = 2; // filter: Up
    for (let i = 0; i < stride; i++) raw[row + 1 + i] = line[i] - previous[i];
    [previous, line] = [line, previous];
  }
  return assemble(width, height, opaque ? 2 : 6, await deflateNative(raw));
}

/** RGBA pixels as a PNG (8-bit, no filtering: the WebP uploads it re-encodes are photos, stored once). */
export function encodePng(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Uint8Array {
  const raw = new Uint8Array((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  return assemble(width, height, 6, zlibSync(raw, { level: 6 }));
}
