import { describe, expect, it } from "vitest";
import { mergeCanon } from "~/domain/canon";
import { deriveCanonEntries } from "~/server/projects/auto-rules";
import {
  AUTO_RULES_AT,
  buildDemoSteps,
  mergeRuleFor,
  SAMPLE_AI_ENTRIES,
  SAMPLE_INSTRUCTIONS,
  stepFromParam,
} from "~/features/canonical-demo/demo-steps";

const steps = buildDemoSteps();
const [instructions, derived, research, user, removal] = steps;

describe("the canonical demo's steps", () => {
  it("shows the AI entries the server's auto-rules really derive from the sample instructions", () => {
    expect(deriveCanonEntries({ businessInstructions: SAMPLE_INSTRUCTIONS, researchData: null, files: [] }, new Date(AUTO_RULES_AT))).toEqual(
      SAMPLE_AI_ENTRIES,
    );
  });

  it("has five steps in the order of the walkthrough, each starting where the last ended", () => {
    expect(steps.map((s) => s.kind)).toEqual(["instructions", "derived", "research", "user", "delete"]);
    for (let i = 1; i < steps.length; i++) expect(steps[i]!.before).toEqual(steps[i - 1]!.after);
  });

  it("step 1 starts from an empty canon; step 2 adds every derived path as AI-derived", () => {
    expect(instructions!.after).toEqual({});
    expect(derived!.changed).toEqual(Object.keys(SAMPLE_AI_ENTRIES).sort());
    expect(Object.values(derived!.after).every((e) => e.source === "ai")).toBe(true);
    expect(derived!.decisions.every((d) => d.outcome === "added")).toBe(true);
  });

  it("step 3: the research import flattens its nested object and beats the older-but-AI price band", () => {
    expect(research!.after["pricing.band"]).toMatchObject({ value: "$28-$42", source: "research", timestamp: "2026-10-26T15:30:00.000Z" });
    expect(research!.after["market.trend"]).toMatchObject({ value: "rising since September", source: "research" });
    expect(research!.changed).toEqual(["market.trend", "pricing.band"]);
    const band = research!.decisions.find((d) => d.path === "pricing.band")!;
    expect(band.outcome).toBe("replaced");
    expect(band.previous?.source).toBe("ai");
    expect(band.rule).toMatch(/^Rule 1: research beats the auto-rules, even though it is older/);
    expect(research!.decisions.find((d) => d.path === "market.trend")!.outcome).toBe("added");
    // Everything else is what the auto-rules derived.
    expect(research!.after["brand.voice"]).toEqual(SAMPLE_AI_ENTRIES["brand.voice"]);
  });

  it("step 4: the user's edit beats both research and AI", () => {
    expect(user!.after["pricing.band"]).toMatchObject({ value: "$26-$40", source: "user" });
    expect(user!.after["brand.voice"]).toMatchObject({ value: "warm, playful, never salesy", source: "user" });
    expect(user!.changed).toEqual(["brand.voice", "pricing.band"]);
    expect(user!.decisions.find((d) => d.path === "pricing.band")!.rule).toMatch(/^Rule 1: your edit beats research/);
    expect(user!.decisions.find((d) => d.path === "brand.voice")!.rule).toMatch(/^Rule 1: your edit beats the auto-rules/);
    // And it would survive a newer machine write: the merge keeps it.
    const laterAi = { "pricing.band": { value: "$20-$30", source: "ai" as const, timestamp: "2027-01-01T00:00:00.000Z" } };
    expect(mergeCanon(user!.after, laterAi)["pricing.band"]!.source).toBe("user");
  });

  it("step 5: deleting 'audience' removes it and everything under it, nothing else", () => {
    expect(removal!.changed).toEqual(["audience.primary", "audience.primary.age"]);
    expect(Object.keys(removal!.after).some((p) => p === "audience" || p.startsWith("audience."))).toBe(false);
    expect(removal!.decisions.every((d) => d.outcome === "removed" && d.entry === null)).toBe(true);
    expect(Object.keys(removal!.after)).toHaveLength(Object.keys(user!.after).length - 2);
  });

  it("names rule 2 and rule 3 for entries of the same source", () => {
    const a = { value: "a", source: "research" as const, timestamp: "2026-01-02T00:00:00.000Z" };
    expect(mergeRuleFor(a, { ...a, value: "b", timestamp: "2026-01-01T00:00:00.000Z" })).toMatch(/^Rule 2/);
    expect(mergeRuleFor(a, { ...a, value: "b" })).toMatch(/^Rule 3/);
  });

  it("reads the step from the query string, clamped", () => {
    expect(stepFromParam(null, 5)).toBe(1);
    expect(stepFromParam("3", 5)).toBe(3);
    expect(stepFromParam("9", 5)).toBe(5);
    expect(stepFromParam("0", 5)).toBe(1);
    expect(stepFromParam("x", 5)).toBe(1);
  });
});
