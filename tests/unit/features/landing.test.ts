import { describe, expect, it } from "vitest";
import { SLIDER_AUTOPLAY_MS, sliderLayoutFor, snapCountFor } from "~/features/landing/testimonial-slider";

describe("testimonial slider layout (spec section 2)", () => {
  it.each([
    [375, 1.1, 16],
    [639, 1.1, 16],
    [640, 1.5, 20],
    [1023, 1.5, 20],
    [1024, 3, 24],
    [1439, 3, 24],
    [1440, 3, 32],
  ])("at %i px shows %f slides with a %i px gap", (width, slidesPerView, gap) => {
    expect(sliderLayoutFor(width)).toEqual({ slidesPerView, gap });
  });
  it("autoplays every 6000 ms", () => expect(SLIDER_AUTOPLAY_MS).toBe(6000));
  it("stops at the last slide (no loop): snaps end with the final slide flush", () => {
    expect(snapCountFor(8, 3)).toBe(6);
    expect(snapCountFor(8, 1.1)).toBe(8);
    expect(snapCountFor(2, 3)).toBe(1);
  });
});
