import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { AppError } from "~/domain/errors";
import { standalonePageZip, zipFiles, zipFolderName } from "~/server/store-export/html-zip";

describe("zipFiles", () => {
  it("zips text as UTF-8 and bytes as they are", () => {
    const bytes = new Uint8Array([0, 1, 2, 255]);
    const zip = zipFiles([
      { path: "a/index.html", data: "<h1>Café ☕</h1>" },
      { path: "a/img/pixel.bin", data: bytes },
    ]);
    // A zip's local file header signature.
    expect([...zip.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual(["a/img/pixel.bin", "a/index.html"]);
    expect(strFromU8(files["a/index.html"]!)).toBe("<h1>Café ☕</h1>");
    expect([...files["a/img/pixel.bin"]!]).toEqual([0, 1, 2, 255]);
  });

  it("refuses paths that could land outside the folder it is unzipped in, and duplicates", () => {
    for (const path of [
      "../evil.html",
      "a/../../evil",
      "/etc/passwd",
      "a\\..\\evil",
      "C:/evil",
      "a//b",
      "./a",
      "",
      "a/\u0000b",
    ]) {
      expect(() => zipFiles([{ path, data: "x" }]), path).toThrow(AppError);
    }
    expect(() =>
      zipFiles([
        { path: "a.txt", data: "1" },
        { path: "a.txt", data: "2" },
      ]),
    ).toThrow(/two files/);
  });
});

describe("standalonePageZip", () => {
  const html =
    '<!doctype html><html><body><img src="https://cdn.shopify.com/s/files/1/bottle.jpg" alt="Bottle"></body></html>';

  it("holds <slug>/index.html, unchanged with its absolute image URLs, and a README on uploading it", () => {
    const files = unzipSync(standalonePageZip({ html, slug: "trail-bottle" }));
    expect(Object.keys(files).sort()).toEqual(["README.txt", "trail-bottle/index.html"]);
    expect(strFromU8(files["trail-bottle/index.html"]!)).toBe(html);
    const readme = strFromU8(files["README.txt"]!);
    expect(readme).toContain("trail-bottle/index.html");
    expect(readme).toContain("https://app.netlify.com/drop");
    expect(readme).toMatch(/images load from the addresses/);
  });

  it("makes a safe folder name of any slug", () => {
    for (const slug of ["../../etc", "..", "a/../../b", "/abs", "C:\\x", "", "---", "Trail Bottle!"]) {
      const names = Object.keys(unzipSync(standalonePageZip({ html, slug })));
      for (const name of names) {
        expect(name, slug).toMatch(/^(README\.txt|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\/index\.html)$/);
      }
    }
    expect(zipFolderName("../../etc")).toBe("etc");
    expect(zipFolderName("..")).toBe("page");
    expect(zipFolderName("Trail Bottle!")).toBe("trail-bottle");
    expect(zipFolderName("x".repeat(70) + "-y")).toBe("x".repeat(64));
  });
});
