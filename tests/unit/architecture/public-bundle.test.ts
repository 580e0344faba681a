/**
 * What the landing page's JavaScript can reach (ADR 008, "Light public faces"). The Remix compiler
 * splits code with esbuild, which assigns files to chunks by file-level reachability: a public
 * page that imports a feature's index, or lucide-react's index, drags every screen (or icon) the
 * rest of the app uses from there into that page's chunks. Measured: 270 KiB of gzip JavaScript on
 * `/` before the light faces, 167 after, with the shell, billing, settings, usage and legal gone.
 * This test bundles the document root and the landing routes (`/` and `/landing`, which serves the
 * same page) as the compiler sees them (server modules empty) and lists the files they reach.
 */
import path from "node:path";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
let reached: string[] = [];

beforeAll(async () => {
  const result = await build({
    entryPoints: ["app/root.tsx", "app/routes/_index.tsx", "app/routes/landing.tsx"].map((entry) => path.join(root, entry)),
    absWorkingDir: root,
    bundle: true,
    write: false,
    metafile: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    jsx: "automatic",
    outdir: path.join(root, "build/public-bundle-probe"),
    alias: { "~": path.join(root, "app") },
    loader: { ".css": "empty", ".svg": "file", ".woff2": "file", ".png": "file" },
    logLevel: "silent",
    plugins: [
      {
        // The browser build swaps server modules for empty ones, as the Remix compiler does.
        name: "server-modules-are-empty",
        setup(b) {
          b.onResolve({ filter: /\.server(\.ts)?$|\/server\/|^node:/ }, (args) => ({
            path: args.path,
            namespace: "server",
          }));
          b.onLoad({ filter: /.*/, namespace: "server" }, () => ({ contents: "module.exports = {};", loader: "js" }));
        },
      },
    ],
  });
  reached = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith("server:"));
}, 60_000);

describe("the landing page's bundle", () => {
  it("reaches the landing and the light faces, not the signed-in features", () => {
    const features = new Set(reached.filter((f) => f.startsWith("app/features/")).map((f) => f.split("/")[2]));
    expect([...features].sort()).toEqual(["account", "affiliate", "auth", "landing", "newsletter", "shell"]);
    // Of the account, the shell, the auth and the affiliate program only what their light faces list.
    expect(reached.filter((f) => f.startsWith("app/features/account/")).sort()).toEqual(["app/features/account/light.ts", "app/features/account/session.ts"]);
    expect(reached).not.toContain("app/features/shell/app-shell.tsx");
    expect(reached).not.toContain("app/features/auth/verification-gate.tsx");
    expect(reached).not.toContain("app/features/affiliate/affiliate-screen.tsx");
  });

  it("imports icons one by one, never lucide-react's index of every icon", () => {
    expect(reached.filter((f) => /node_modules\/lucide-react\/dist\/esm\/lucide-react\.m?js$/.test(f))).toEqual([]);
    expect(reached.some((f) => f.includes("node_modules/lucide-react/dist/esm/icons/"))).toBe(true);
  });

  it("does not load the whole UI kit's index, nor the tooltip only icon buttons use", () => {
    expect(reached).not.toContain("app/ui/index.ts");
    expect(reached).not.toContain("app/ui/tooltip.tsx");
  });
});
