import { describe, expect, it } from "vitest";
import { linkCitations, REPORT_SECTIONS, startProblem, subjectFromParams } from "~/features/market-reports/report-logic";
import { HttpError } from "~/lib/http";
import { REPORT_STEPS } from "~/server/market/reports";

describe("market report screen logic", () => {
  it("previews the same sections the job writes, in order", () => {
    expect(REPORT_SECTIONS.map((s) => s.title)).toEqual(REPORT_STEPS.map((s) => s.heading));
  });

  it("reads the subject from the Explorer's link, a product before a niche", () => {
    expect(subjectFromParams(new URLSearchParams("product=p-0001&niche=pet-supplies"))).toEqual({ subjectKind: "product", subjectId: "P-0001" });
    expect(subjectFromParams(new URLSearchParams("niche=pet-supplies"))).toEqual({ subjectKind: "niche", subjectId: "pet-supplies" });
    expect(subjectFromParams(new URLSearchParams("niche=%20"))).toBeNull();
    expect(subjectFromParams(new URLSearchParams(""))).toBeNull();
  });

  it("links product citations to the Explorer and leaves other records as text", () => {
    expect(linkCitations("| P-0062 | A-00012 | S-004 | I-1A2B3C4D |")).toBe(
      "| [P-0062](/ai-explore?product=P-0062) | A-00012 | S-004 | [I-1A2B3C4D](/ai-explore?product=I-1A2B3C4D) |",
    );
    expect(linkCitations("XP-0001 P-12")).toBe("XP-0001 P-12");
  });

  it("sorts a refused start into upgrade, limit, subject and other", () => {
    expect(startProblem(new HttpError("403: x", 403, "{}", "FORBIDDEN", "Upgrade"))).toEqual({ kind: "upgrade", message: "Upgrade" });
    expect(startProblem(new HttpError("429: x", 429, "{}", "USAGE_LIMIT", "Used up"))).toEqual({ kind: "limit" });
    expect(startProblem(new HttpError("404: x", 404, "{}", "NOT_FOUND", "No product P-9"))).toEqual({ kind: "subject", message: "No product P-9" });
    expect(startProblem(new Error("boom"))).toEqual({ kind: "other", message: "boom" });
  });
});
