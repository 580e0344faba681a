import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routePathOf, TUTORIAL_CHECKS, TUTORIALS, tutorialProgress } from "~/domain/tutorials";
import { withAndWithoutOptional } from "../../../scripts/route-modules.mjs";

/**
 * The URL patterns of app/routes (Remix flat routes): dots separate segments, a leading "_" is a
 * pathless layout, "_index" is the index, "$name" a parameter. The catch-all "$.tsx" is left out:
 * it answers every path with the not-found page, so it proves nothing.
 */
function routePatterns(): string[][] {
  const dir = path.join(import.meta.dirname, "../../../app/routes");
  return readdirSync(dir)
    .filter((file) => /\.tsx?$/.test(file) && file !== "$.tsx")
    .flatMap((file) => withAndWithoutOptional(file.replace(/\.tsx?$/, "")))
    .map((name) => name.split(".").filter((segment) => !segment.startsWith("_")));
}

function routeExists(href: string, patterns: string[][]): boolean {
  const segments = routePathOf(href).split("/").filter(Boolean);
  return patterns.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith("$") ? segments[i]!.length > 0 : part === segments[i])),
  );
}

describe("tutorial definitions", () => {
  const patterns = routePatterns();

  it("reads the route folder (the matcher itself works)", () => {
    expect(routeExists("/tutorials", patterns)).toBe(true);
    expect(routeExists("/chat", patterns)).toBe(true);
    expect(routeExists("/chat/abc", patterns)).toBe(true);
    expect(routeExists("/ai-explore?product=P-1", patterns)).toBe(true);
    expect(routeExists("/no-such-screen", patterns)).toBe(false);
    expect(routeExists("/projects/extra", patterns)).toBe(false);
  });

  it("links every step's Go there to a route module that exists in app/routes", () => {
    const missing = TUTORIALS.flatMap((t) => t.steps.filter((s) => !routeExists(s.href, patterns)).map((s) => `${t.id}/${s.id}: ${s.href}`));
    expect(missing).toEqual([]);
  });

  it("covers the tutorials the issue asks for", () => {
    expect(TUTORIALS.map((t) => t.id)).toEqual([
      "first-winning-product",
      "publish-a-page",
      "export-to-shopify",
      "make-a-visual",
      "set-up-project",
      "ask-the-chat",
    ]);
  });

  it("has unique ids, a title, instructions and a completion rule on every step", () => {
    expect(new Set(TUTORIALS.map((t) => t.id)).size).toBe(TUTORIALS.length);
    for (const tutorial of TUTORIALS) {
      expect(tutorial.steps.length).toBeGreaterThanOrEqual(2);
      expect(new Set(tutorial.steps.map((s) => s.id)).size).toBe(tutorial.steps.length);
      for (const step of tutorial.steps) {
        expect(step.id).toMatch(/^[a-z0-9-]+$/);
        expect(step.title.length).toBeGreaterThan(3);
        expect(step.instructions.length).toBeGreaterThan(20);
        expect(step.hrefLabel.length).toBeGreaterThan(2);
        expect(step.href.startsWith("/")).toBe(true);
      }
    }
  });

  it("says which steps tick themselves and which the user ticks", () => {
    for (const step of TUTORIALS.flatMap((t) => t.steps)) {
      if (step.check) {
        expect(TUTORIAL_CHECKS).toContain(step.check);
        expect(step.completion).toMatch(/^Ticks itself when /);
      } else {
        expect(step.completion).toMatch(/tick it yourself/);
      }
    }
    // Every check the server knows is used by some step.
    const used = new Set(TUTORIALS.flatMap((t) => t.steps.map((s) => s.check)));
    expect(TUTORIAL_CHECKS.filter((c) => !used.has(c))).toEqual([]);
  });

  it("counts done steps and names the first one still to do", () => {
    expect(
      tutorialProgress([
        { id: "a", state: "done_by_action" },
        { id: "b", state: "todo" },
        { id: "c", state: "done_by_hand" },
        { id: "d", state: "todo" },
      ]),
    ).toEqual({ done: 2, total: 4, nextStepId: "b" });
    expect(tutorialProgress([{ id: "a", state: "done_by_hand" }])).toEqual({ done: 1, total: 1, nextStepId: null });
  });
});
