import ArrowRight from "lucide-react/icons/arrow-right";
import Check from "lucide-react/icons/check";
import Plus from "lucide-react/icons/plus";
import Quote from "lucide-react/icons/quote";
import Star from "lucide-react/icons/star";
import TrendingUp from "lucide-react/icons/trending-up";
import type { LucideIcon } from "lucide-react";
import { CompanyMarkSymbols } from "./logos";

/**
 * The landing page repeats a few icons dozens of times (45 stars, 13 checks...). Inlined, each
 * copy carried its full path data: ~58 KB of the page's HTML. Instead, <LandingIconSprite/>
 * renders every repeated icon once, as the real lucide component (same nodes, no copied paths),
 * and each use is a small `<svg><use href="#…"/></svg>`.
 *
 * Inside a `<use>` the copy inherits from the `<use>` element, not from the sprite, so the
 * sprite's icons take `fill` and `stroke-width` from the using <svg> (`inherit`); the using
 * <svg> carries them as lucide would (fill none, stroke width 2, a `fill-current` class...).
 * Stroke (currentColor), line caps and joins are the same everywhere and stay on the sprite.
 */
const SPRITE_ICONS = {
  "arrow-right": ArrowRight,
  check: Check,
  plus: Plus,
  quote: Quote,
  star: Star,
  "trending-up": TrendingUp,
} as const satisfies Record<string, LucideIcon>;

export type SpriteIconName = keyof typeof SPRITE_ICONS;

const iconId = (name: SpriteIconName) => `lc-${name}`;

/** Rendered once, first in the landing page (before any use, so no icon waits for it). */
export function LandingIconSprite() {
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute overflow-hidden">
      <defs>
        {(Object.entries(SPRITE_ICONS) as [SpriteIconName, LucideIcon][]).map(([name, Icon]) => (
          <Icon key={name} id={iconId(name)} fill="inherit" strokeWidth="inherit" />
        ))}
        <CompanyMarkSymbols />
      </defs>
    </svg>
  );
}

/**
 * A lucide icon from the sprite; always decorative (aria-hidden), like every icon it replaces.
 * `className` sets the size and colour exactly as on the lucide component.
 */
export function SpriteIcon({
  name,
  className,
  strokeWidth = 2,
}: {
  name: SpriteIconName;
  className: string;
  strokeWidth?: number;
}) {
  return (
    <svg viewBox="0 0 24 24" fill="none" strokeWidth={strokeWidth} className={className} aria-hidden="true">
      <use href={`#${iconId(name)}`} />
    </svg>
  );
}

const STAR_COUNT = 5;
const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Five filled stars in one <svg> (five `<use>`s) instead of five: the same pixels as a flex row
 * of `size` px lucide stars `gap` px apart, for a fraction of the markup. Decorative: the
 * caller labels the rating.
 */
export function FiveStars({ size, gap = 2, className }: { size: number; gap?: number; className?: string }) {
  const unitsPerPx = 24 / size;
  const width = STAR_COUNT * size + (STAR_COUNT - 1) * gap;
  return (
    <svg
      width={width}
      height={size}
      viewBox={`0 0 ${round(width * unitsPerPx)} 24`}
      fill="currentColor"
      strokeWidth={2}
      className={className}
      aria-hidden="true"
    >
      {Array.from({ length: STAR_COUNT }, (_, i) => (
        <use key={i} href={`#${iconId("star")}`} x={round(i * (size + gap) * unitsPerPx)} />
      ))}
    </svg>
  );
}
