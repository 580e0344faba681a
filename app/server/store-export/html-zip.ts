/**
 * The standalone HTML export: a page as a zip the merchant can put on any static host. fflate's
 * zipSync is plain JavaScript (no Node streams or zlib), so it runs the same in workerd and Node.
 */
import { strToU8, zipSync, type Zippable } from "fflate";
import { AppError } from "~/domain/errors";

export interface ZipEntry {
  /** Forward-slash path inside the zip, e.g. "my-page/index.html". */
  path: string;
  data: string | Uint8Array;
}

/** A relative path of plain segments: no leading slash, no ".." or ".", no backslash, drive letter or control character. */
function safePath(path: string): boolean {
  if (!path || path.length > 255 || path.startsWith("/") || /[\\:]/.test(path)) return false;
  if ([...path].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return false;
  return path.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

/** Zips `files` (strings as UTF-8). A path that could land outside the folder it is unzipped in is refused. */
export function zipFiles(files: ZipEntry[]): Uint8Array {
  const entries: Zippable = {};
  for (const file of files) {
    if (!safePath(file.path))
      throw new AppError("INTERNAL", `Cannot zip a file at "${file.path}": zip paths are relative, without "..".`);
    if (file.path in entries) throw new AppError("INTERNAL", `Cannot zip two files at "${file.path}".`);
    entries[file.path] = typeof file.data === "string" ? strToU8(file.data) : file.data;
  }
  return zipSync(entries);
}

/** The folder name a slug becomes: lowercase letters, digits and dashes only, whatever the slug held. */
export function zipFolderName(slug: string): string {
  const name = slug
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64)
    .replace(/-+$/, "");
  return name || "page";
}

function readme(folder: string): string {
  return [
    `Your Dropcraft page "${folder}"`,
    "",
    `${folder}/index.html is the whole page in one file. Upload the "${folder}" folder to any web host:`,
    "",
    `- Netlify Drop: open https://app.netlify.com/drop and drag the "${folder}" folder onto it.`,
    "- Cloudflare Pages: create a Pages project with Direct Upload and upload the folder.",
    `- Your own hosting: upload the folder with your host's file manager or FTP; the page is then at https://your-domain/${folder}/`,
    "",
    "The images load from the addresses they had in Dropcraft (your store's or your supplier's image CDN),",
    "so they are not in this zip: keep those images online and the page shows them.",
    "",
    "To open it on your computer first, double-click index.html.",
    "",
  ].join("\r\n");
}

/**
 * `<slug>/index.html` plus a README.txt on uploading it. Images stay absolute URLs: the page
 * references the product images on the store's (or supplier's) CDN, which serves them resized
 * and cached worldwide; copying them into the zip would make it large and detach the page from
 * the images the merchant updates in the store.
 */
export function standalonePageZip({ html, slug }: { html: string; slug: string }): Uint8Array {
  const folder = zipFolderName(slug);
  return zipFiles([
    { path: `${folder}/index.html`, data: html },
    { path: "README.txt", data: readme(folder) },
  ]);
}
