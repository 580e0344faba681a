/** scripts/lib.mjs runWithin: a run stopped at its time limit is run once more when asked (ADR 016, ninth pass). */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { runWithin } from "../../../scripts/lib.mjs";

describe("runWithin", () => {
  it("runs a command that hung once more, and resolves when the second run passes", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "run-within-"));
    const runs = path.join(dir, "runs");
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    // The first run sleeps past the limit; the second ends at once.
    const script = `n=$(cat ${runs} 2>/dev/null || echo 0); echo $((n+1)) > ${runs}; [ "$n" = 0 ] && sleep 30; exit 0`;
    await runWithin("bash", ["-c", script], { limitMs: 1_000, inFlightFile: path.join(dir, "in-flight.json"), againAfterHang: true });
    expect(readFileSync(runs, "utf8").trim()).toBe("2");
    const said = errors.mock.calls.map((c) => String(c[0])).join("\n");
    expect(said).toMatch(/was still running after/);
    expect(said).toMatch(/passed on its second run after a hang/);
    errors.mockRestore();
  });
});
