/**
 * A thumbnail from pixels already rendered: each thumbnail pixel is the average of the full
 * image's pixels it covers (partly covered ones by their share). Drawing the SVG a second time at
 * 480 px cost a whole render again (the photo decoded and the shadows blurred once more); this
 * costs a pass over the pixels. Works on premultiplied RGBA (resvg's pixels), so colour does not
 * bleed from transparent pixels.
 */

interface Tap {
  first: number;
  weights: Float32Array;
}

/** For each of `to` output cells, the source cells [first, first + weights.length) and their shares (summing to 1). */
function taps(from: number, to: number): Tap[] {
  const scale = from / to;
  const out: Tap[] = [];
  for (let i = 0; i < to; i++) {
    const start = i * scale;
    const end = Math.min(from, (i + 1) * scale);
    const first = Math.floor(start);
    const last = Math.min(from, Math.ceil(end));
    const weights = new Float32Array(last - first);
    for (let j = first; j < last; j++) weights[j - first] = (Math.min(end, j + 1) - Math.max(start, j)) / scale;
    out.push({ first, weights });
  }
  return out;
}

/** Premultiplied RGBA `width` × `height` scaled down to `toWidth` × `toHeight` (each no larger than the source). */
export function downscale(pixels: Uint8Array, width: number, height: number, toWidth: number, toHeight: number): Uint8Array {
  if (toWidth > width || toHeight > height) throw new RangeError("downscale only makes images smaller");
  const columns = taps(width, toWidth);
  const rows = taps(height, toHeight);
  // Rows first (each source row narrowed to toWidth), then columns.
  const narrow = new Float32Array(height * toWidth * 4);
  for (let y = 0; y < height; y++) {
    const src = y * width * 4;
    const dst = y * toWidth * 4;
    for (let x = 0; x < toWidth; x++) {
      const { first, weights } = columns[x];
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let k = 0, p = src + first * 4; k < weights.length; k++, p += 4) {
        const w = weights[k];
        r += pixels[p] * w;
        g += pixels[p + 1] * w;
        b += pixels[p + 2] * w;
        a += pixels[p + 3] * w;
      }
      const o = dst + x * 4;
      narrow[o] = r;
      narrow[o + 1] = g;
      narrow[o + 2] = b;
      narrow[o + 3] = a;
    }
  }
  const rowLength = toWidth * 4;
  const out = new Uint8Array(toHeight * rowLength);
  const acc = new Float32Array(rowLength);
  for (let y = 0; y < toHeight; y++) {
    const { first, weights } = rows[y];
    acc.fill(0);
    for (let k = 0; k < weights.length; k++) {
      const w = weights[k];
      const src = (first + k) * rowLength;
      for (let i = 0; i < rowLength; i++) acc[i] += narrow[src + i] * w;
    }
    const dst = y * rowLength;
    for (let i = 0; i < rowLength; i++) out[dst + i] = Math.min(255, Math.round(acc[i]));
  }
  return out;
}

/** The thumbnail's height for `toWidth`: what resvg gives when it fits an image to that width. */
export function thumbnailHeight(width: number, height: number, toWidth: number): number {
  return Math.max(1, Math.round((height * toWidth) / width));
}
