import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CharacterCount, lengthState } from "~/ui";

describe("CharacterCount", () => {
  it("says nothing far from the limit, the count from 90% of it and the excess above it", () => {
    expect(renderToStaticMarkup(<CharacterCount id="c" length={3599} max={4000} />)).toBe("");
    expect(renderToStaticMarkup(<CharacterCount id="c" length={3600} max={4000} />)).toContain("3,600 / 4,000");
    const over = renderToStaticMarkup(<CharacterCount id="c" length={21000} max={4000} />);
    expect(over).toContain("17,000 characters over the 4,000 limit");
    expect(over).toContain('id="c"');
    expect(over).toContain('aria-live="polite"');
  });

  it("grades a length against any limit", () => {
    expect([lengthState(0, 30_000), lengthState(27_000, 30_000), lengthState(30_000, 30_000), lengthState(30_001, 30_000)]).toEqual(["ok", "near", "near", "over"]);
  });
});
