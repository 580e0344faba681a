// A clean first run (issue 24): `npm install` on the project's Node prints no EBADENGINE warning.
// npm warns when an installed package's `engines.node` leaves out the running Node; the lockfile
// records each package's range, so the check needs no install and names the package that broke it.
import { readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
  packages: Record<string, { engines?: Record<string, string> | string[] }>;
};

/** Packages whose declared Node range leaves out `node`. */
export function packagesRefusing(node: string, packages: typeof lock.packages): string[] {
  return Object.entries(packages)
    .filter(([name, pkg]) => {
      const range = name && pkg.engines && !Array.isArray(pkg.engines) ? pkg.engines.node : undefined;
      return range !== undefined && !semver.satisfies(node, range);
    })
    .map(([name, pkg]) => `${name.replace(/^.*node_modules\//, "")} (node ${(pkg.engines as Record<string, string>).node})`);
}

describe("installed packages and the project's Node", () => {
  const oldest = semver.minVersion(manifest.engines.node)!.version;

  it("every package in the lockfile runs on the oldest Node the project declares, so npm install does not warn", () => {
    expect(oldest).toMatch(/^20\./);
    expect(packagesRefusing(oldest, lock.packages)).toEqual([]);
  });

  it("names a package that would make npm warn", () => {
    const withNode22Only = { ...lock.packages, "node_modules/openai": { engines: { node: ">=22.0.0" } } };
    expect(packagesRefusing(oldest, withNode22Only)).toEqual(["openai (node >=22.0.0)"]);
  });
});
