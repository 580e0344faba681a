import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button, Chip, IconButton, Pressable, Segment, Tile, buttonClasses, segmentGroupClasses } from "~/ui";

/** The opening tag of the first button. */
const button = (el: React.ReactElement) => renderToStaticMarkup(el).match(/<button[^>]*>/)?.[0] ?? "";

describe("the kit's choice surfaces and text-link buttons", () => {
  it("Tile, Chip, Segment and Pressable default to type=button and keep a submit type", () => {
    for (const el of [<Tile key="t" />, <Chip key="c" />, <Segment key="s" />, <Pressable key="p" />]) {
      expect(button(el)).toContain('type="button"');
    }
    expect(button(<Pressable type="submit" />)).toContain('type="submit"');
  });

  it("selected sets aria-checked on a radio and aria-pressed on a toggle, and nothing when left out", () => {
    const radio = button(<Tile role="radio" selected />);
    expect(radio).toContain('role="radio"');
    expect(radio).toContain('aria-checked="true"');
    expect(radio).not.toContain("aria-pressed=");
    expect(button(<Chip selected={false} />)).toContain('aria-pressed="false"');
    expect(button(<Segment role="radio" selected={false} />)).toContain('aria-checked="false"');
    const plain = button(<Tile />);
    expect(plain).not.toContain("aria-pressed=");
    expect(plain).not.toContain("aria-checked=");
  });

  it("an aria attribute the caller passes wins over the shorthand, so screens keep their exact semantics", () => {
    expect(button(<Chip aria-pressed={true} />)).toContain('aria-pressed="true"');
    expect(button(<Tile role="radio" aria-checked={false} />)).toContain('aria-checked="false"');
  });

  it("the chosen look hangs on the ARIA state, so it cannot disagree with what a screen reader hears", () => {
    const tile = button(<Tile />);
    expect(tile).toContain("aria-checked:border-brand");
    expect(tile).toContain("aria-pressed:border-brand");
    expect(tile).toContain("aria-[current=true]:border-brand/50");
    expect(button(<Chip />)).toContain("aria-pressed:bg-brand-soft");
    expect(button(<Segment />)).toContain("aria-checked:bg-surface");
  });

  it("Tile surfaces, radius and disabled look; plain rows carry no border", () => {
    expect(button(<Tile />)).toMatch(/border-line.*bg-surface.*rounded-xl/);
    expect(button(<Tile surface="elevated" radius="2xl" />)).toMatch(/bg-bg-elevated.*rounded-2xl/);
    const row = button(<Tile surface="plain" />);
    expect(row).not.toContain("border-line");
    expect(row).toContain("hover:bg-surface-2");
    expect(button(<Tile disabled />)).toMatch(/ disabled=""/);
    expect(button(<Tile />)).toContain("disabled:opacity-60");
  });

  it("Chip and Segment sizes", () => {
    expect(button(<Chip size="sm" />)).toContain("h-7");
    expect(button(<Chip />)).toContain("h-9");
    expect(button(<Segment size="sm" />)).toContain("h-8");
    expect(segmentGroupClasses("mb-3")).toMatch(/bg-surface-2.*mb-3/);
  });

  it("link buttons keep the running text's size (no height or padding) and the brand or muted colour", () => {
    const link = buttonClasses({ variant: "link" });
    expect(link).toContain("text-brand");
    expect(link).toContain("hover:underline");
    expect(link).not.toMatch(/\bh-(8|10|12)\b/);
    expect(link).not.toMatch(/\bpx-/);
    expect(buttonClasses({ variant: "link-muted" })).toContain("text-muted");
    expect(button(<Button variant="link">Retry</Button>)).toContain('type="button"');
    expect(buttonClasses({ variant: "outline-danger", size: "sm" })).toMatch(/text-danger.*h-8/);
  });

  it("IconButton sizes, round shape and outline", () => {
    expect(button(<IconButton label="Remove" size="xs" shape="round">x</IconButton>)).toMatch(/size-6.*rounded-full/);
    expect(button(<IconButton label="Close">x</IconButton>)).toMatch(/size-9.*rounded-lg/);
    expect(button(<IconButton label="Refresh" outlined>x</IconButton>)).toContain("border-line");
  });
});
