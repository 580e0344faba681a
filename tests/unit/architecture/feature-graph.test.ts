/**
 * Feature folders never import each other in a circle (ADR 016). dependency-cruiser reads every
 * import of app/features (type-only and dynamic ones included, through the tsconfig's `~/` paths)
 * and checks the graph of feature folders; lint (eslint.config.js) refuses an edge FEATURE_EDGES
 * does not list, and this test also proves the list itself has no cycle.
 */
import path from "node:path";
import { cruise, type IReporterOutput } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { describe, expect, it } from "vitest";
import { BASE_FEATURE, FEATURE_EDGES } from "../../../eslint.config.js";

const root = path.resolve(import.meta.dirname, "../../..");

/** The feature folders of `<base>/app/features` with the folders each imports, and every cycle among them. */
async function featureGraph(base: string) {
  const features = path.join(path.relative(root, base), "app/features").split(path.sep).join("/");
  const folder = `^${features.replace(/[.]/g, "\\.")}/[^/]+$`;
  const tsConfigFile = path.join(root, "tsconfig.json");
  const result = await cruise(
    [features],
    {
      baseDir: root,
      includeOnly: `^${features}/`,
      tsPreCompilationDeps: true,
      tsConfig: { fileName: tsConfigFile },
      validate: true,
      metrics: true,
      ruleSet: {
        forbidden: [{ name: "no-feature-cycle", severity: "error", scope: "folder", from: { path: folder }, to: { path: folder, circular: true } }],
      },
    },
    { extensions: [".ts", ".tsx"] },
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  const output = (result as IReporterOutput).output as Exclude<IReporterOutput["output"], string>;
  const name = (p: string) => p.slice(features.length + 1);
  const edges = new Map<string, string[]>();
  for (const f of output.folders ?? []) {
    if (new RegExp(folder).test(f.name)) edges.set(name(f.name), (f.dependencies ?? []).map((d) => name(d.name)).filter((d) => !d.includes("/")));
  }
  const cycles = output.summary.violations.filter((v) => v.type === "cycle").map((v) => [name(v.from), ...(v.cycle ?? []).map((c) => name(c.name))].join(" -> "));
  return { edges, cycles, modules: output.modules.length };
}

describe("feature folders", { timeout: 120_000 }, () => {
  it("import each other without a cycle, and only along the edges lint allows", async () => {
    const { edges, cycles, modules } = await featureGraph(root);
    expect(modules).toBeGreaterThan(200);
    expect(cycles).toEqual([]);
    // The shell composes the features: nothing imports it.
    expect([...edges].filter(([, to]) => to.includes("shell")).map(([from]) => from)).toEqual([]);
    const disallowed = [...edges].flatMap(([from, to]) =>
      to.filter((t) => t !== BASE_FEATURE && !(FEATURE_EDGES as Record<string, string[]>)[from]?.includes(t)).map((t) => `${from} -> ${t}`),
    );
    expect(disallowed).toEqual([]);
    // The base reads nothing but what FEATURE_EDGES gives it.
    expect(edges.get(BASE_FEATURE)?.every((t) => FEATURE_EDGES[BASE_FEATURE].includes(t))).toBe(true);
  });

  it("finds a cycle between folders when one is there (tests/fixtures/feature-cycle)", async () => {
    const { cycles, edges } = await featureGraph(path.join(root, "tests/fixtures/feature-cycle"));
    expect(edges.get("gamma")).toEqual(["alpha"]);
    expect(cycles.length).toBeGreaterThan(0);
    expect(cycles.every((c) => c.includes("alpha") && c.includes("beta") && !c.includes("gamma"))).toBe(true);
  });

  it("are allowed edges that form no cycle themselves", () => {
    // Kahn's order over the list: whatever cannot be ordered sits on a cycle.
    const graph = new Map(Object.entries(FEATURE_EDGES as Record<string, string[]>));
    for (const from of graph.keys()) if (from !== BASE_FEATURE) graph.set(from, [...graph.get(from)!, BASE_FEATURE]);
    const nodes = new Set([...graph.keys(), ...[...graph.values()].flat()]);
    const indegree = new Map([...nodes].map((n) => [n, 0]));
    for (const to of graph.values()) for (const t of to) indegree.set(t, indegree.get(t)! + 1);
    const ready = [...nodes].filter((n) => indegree.get(n) === 0);
    let ordered = 0;
    while (ready.length) {
      const n = ready.pop()!;
      ordered += 1;
      for (const t of graph.get(n) ?? []) {
        indegree.set(t, indegree.get(t)! - 1);
        if (indegree.get(t) === 0) ready.push(t);
      }
    }
    expect(ordered).toBe(nodes.size);
  });
});
