import { describe, expect, it } from "vitest";
import { dockHeadline } from "~/features/billing/upgrade-dock";

describe("the upgrade dock's headline", () => {
  it("never says 'Only 0 left': at the limit it says what ran out", () => {
    expect(dockHeadline(false, 7)).toBe("Unlock Premium");
    expect(dockHeadline(true, 2)).toBe("Only 2 left");
    expect(dockHeadline(true, 0)).toBe("No queries left today");
  });
});
