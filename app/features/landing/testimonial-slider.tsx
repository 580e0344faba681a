import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { ProfileAvatar } from "./avatar";
import type { Testimonial } from "./data";
import { FiveStars, SpriteIcon } from "./icon-sprite";
import { CompanyMark } from "./logos";
import { Pressable } from "~/ui/choice";

/** Spec section 2/9: slides per view and gaps by viewport width, 6000 ms autoplay, no loop. */
export const SLIDER_BREAKPOINTS = [
  { minWidth: 1440, slidesPerView: 3, gap: 32 },
  { minWidth: 1024, slidesPerView: 3, gap: 24 },
  { minWidth: 640, slidesPerView: 1.5, gap: 20 },
  { minWidth: 0, slidesPerView: 1.1, gap: 16 },
] as const;
export const SLIDER_AUTOPLAY_MS = 6000;

export interface SliderLayout {
  slidesPerView: number;
  gap: number;
}

export function sliderLayoutFor(viewportWidth: number): SliderLayout {
  const bp = SLIDER_BREAKPOINTS.find((b) => viewportWidth >= b.minWidth) ?? SLIDER_BREAKPOINTS[3];
  return { slidesPerView: bp.slidesPerView, gap: bp.gap };
}

/** Number of snap positions: the last one shows the final slide flush with the right edge. */
export function snapCountFor(slideCount: number, slidesPerView: number): number {
  if (slideCount <= slidesPerView) return 1;
  return Math.ceil(slideCount - slidesPerView - 1e-9) + 1;
}

export type AutoplayState = "running" | "paused" | "stopped";

const DEFAULT_LAYOUT = sliderLayoutFor(0);

export function TestimonialSlider({ testimonials }: { testimonials: Testimonial[] }) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState<SliderLayout>(DEFAULT_LAYOUT);
  const [containerWidth, setContainerWidth] = useState(0);
  const [index, setIndex] = useState(0);
  const [interacted, setInteracted] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dragOffset, setDragOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ pointerId: number; startX: number; startY: number; active: boolean } | null>(null);

  const count = testimonials.length;
  const { slidesPerView, gap } = layout;
  const snapCount = snapCountFor(count, slidesPerView);
  const lastIndex = snapCount - 1;
  const current = Math.min(index, lastIndex);
  const measured = containerWidth > 0;
  const slideWidth = measured ? (containerWidth - gap * (slidesPerView - 1)) / slidesPerView : 0;
  const step = slideWidth + gap;
  const maxTranslate = Math.max(0, (count - slidesPerView) * step);
  const translate = Math.min(current * step, maxTranslate);

  const autoplay: AutoplayState =
    interacted || current >= lastIndex ? "stopped" : hovered || focused ? "paused" : "running";

  // Breakpoints follow the window width; the slide width follows the container width.
  useEffect(() => {
    const update = () => {
      const next = sliderLayoutFor(window.innerWidth);
      setLayout((prev) => (prev.slidesPerView === next.slidesPerView && prev.gap === next.gap ? prev : next));
    };
    update();
    window.addEventListener("resize", update);
    const el = viewportRef.current;
    let observer: ResizeObserver | undefined;
    if (el) {
      setContainerWidth(el.clientWidth);
      observer = new ResizeObserver(() => setContainerWidth(el.clientWidth));
      observer.observe(el);
    }
    return () => {
      window.removeEventListener("resize", update);
      observer?.disconnect();
    };
  }, []);

  useEffect(() => {
    if (autoplay !== "running") return;
    const timer = window.setTimeout(() => setIndex((i) => Math.min(i + 1, lastIndex)), SLIDER_AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [autoplay, current, lastIndex]);

  const goTo = useCallback(
    (target: number) => {
      setInteracted(true);
      setIndex(Math.max(0, Math.min(target, lastIndex)));
    },
    [lastIndex],
  );

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const keys: Record<string, number> = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: lastIndex };
    if (!(event.key in keys)) return;
    event.preventDefault();
    goTo(keys[event.key]);
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, active: false };
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    const dx = event.clientX - d.startX;
    const dy = event.clientY - d.startY;
    if (!d.active) {
      if (Math.abs(dx) < 6 || Math.abs(dx) < Math.abs(dy)) return;
      d.active = true;
      setDragging(true);
      setInteracted(true);
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    // Rubber-band past either end.
    const atStart = current === 0 && dx > 0;
    const atEnd = current >= lastIndex && dx < 0;
    setDragOffset(atStart || atEnd ? dx / 3 : dx);
  }

  function endDrag(event: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!d.active) return;
    const dx = event.clientX - d.startX;
    const threshold = Math.min(60, Math.max(24, slideWidth * 0.15));
    setDragging(false);
    setDragOffset(0);
    if (dx <= -threshold) goTo(current + 1);
    else if (dx >= threshold) goTo(current - 1);
  }

  const trackStyle = measured
    ? { gap: `${gap}px`, transform: `translate3d(${-translate + dragOffset}px, 0, 0)` }
    : undefined;
  const slideStyle = measured ? { width: `${slideWidth}px` } : undefined;

  return (
    <div
      data-testid="testimonial-slider"
      data-slides-per-view={String(slidesPerView)}
      data-autoplay={autoplay}
      data-index={current}
      role="region"
      aria-roledescription="carousel"
      aria-label="Customer testimonials"
      onKeyDown={onKeyDown}
      onPointerEnter={(e) => e.pointerType === "mouse" && setHovered(true)}
      onPointerLeave={(e) => e.pointerType === "mouse" && setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      className="relative"
    >
      <div
        ref={viewportRef}
        className="touch-pan-y overflow-hidden"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <div
          aria-live={autoplay === "running" ? "off" : "polite"}
          className={`flex gap-(--gap) [--gap:16px] [--spv:1.1] sm:[--gap:20px] sm:[--spv:1.5] lg:[--gap:24px] lg:[--spv:3] min-[1440px]:[--gap:32px] ${
            dragging
              ? "cursor-grabbing select-none"
              : "cursor-grab transition-transform duration-500 ease-[cubic-bezier(0.22,1,0.36,1)]"
          }`}
          style={trackStyle}
        >
          {testimonials.map((t, i) => (
            <div
              key={t.name}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              className="w-[calc((100%-var(--gap)*(var(--spv)-1))/var(--spv))] shrink-0"
              style={slideStyle}
            >
              <TestimonialCard testimonial={t} />
            </div>
          ))}
        </div>
      </div>

      <div className="mt-8 flex items-center justify-between gap-4">
        <div className="flex items-center gap-1" role="group" aria-label="Choose testimonials">
          {Array.from({ length: snapCount }, (_, i) => (
            <Pressable
              key={i}
              onClick={() => goTo(i)}
              aria-label={`Go to testimonial ${i + 1}`}
              aria-current={i === current ? "true" : undefined}
              className="group flex h-6 min-w-6 items-center justify-center px-1"
            >
              <span
                aria-hidden
                className={`block h-1.5 rounded-full transition-all duration-300 ${
                  i === current ? "w-6 bg-brand" : "w-1.5 bg-fg/25 group-hover:bg-fg/50"
                }`}
              />
            </Pressable>
          ))}
        </div>
        <div className="flex items-center gap-2">
          <SliderButton
            testId="slider-prev"
            label="Previous testimonial"
            disabled={current === 0}
            onClick={() => goTo(current - 1)}
          >
            <ChevronLeft aria-hidden className="size-5" />
          </SliderButton>
          <SliderButton
            testId="slider-next"
            label="Next testimonial"
            disabled={current >= lastIndex}
            onClick={() => goTo(current + 1)}
          >
            <ChevronRight aria-hidden className="size-5" />
          </SliderButton>
        </div>
      </div>
    </div>
  );
}

function SliderButton({
  testId,
  label,
  disabled,
  onClick,
  children,
}: {
  testId: string;
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Pressable
      data-testid={testId}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-11 items-center justify-center rounded-full border border-line bg-surface text-fg shadow-sm transition hover:border-fg/25 hover:bg-surface-2 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-line disabled:hover:bg-surface"
    >
      {children}
    </Pressable>
  );
}

export function TestimonialCard({ testimonial: t }: { testimonial: Testimonial }) {
  return (
    <figure
      className={`relative flex h-full flex-col rounded-2xl border p-6 sm:p-7 ${
        t.featured
          ? "border-brand/40 bg-linear-to-b from-brand-soft to-surface shadow-xl shadow-brand/10"
          : "border-line bg-surface"
      }`}
    >
      <div className="flex items-center justify-between gap-3">
        <span className="flex items-center text-warning" role="img" aria-label="5 out of 5 stars">
          <FiveStars size={16} />
        </span>
        {t.featured ? (
          <span className="rounded-full bg-brand-soft px-2.5 py-1 text-[11px] font-semibold tracking-wide text-fg uppercase ring-1 ring-brand/30">
            Featured
          </span>
        ) : (
          <SpriteIcon name="quote" className="size-5 text-fg/15" />
        )}
      </div>
      <blockquote className="mt-5 flex-1 text-[15px] leading-relaxed text-fg/90">
        <p>&ldquo;{t.content}&rdquo;</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3 border-t border-line pt-5">
        <ProfileAvatar testimonial={t} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-fg">{t.name}</p>
          <p className="text-sm leading-snug text-muted">
            {t.role}, {t.company}
          </p>
        </div>
        <span className="text-muted" role="img" aria-label={`${t.company} logo`}>
          <CompanyMark id={t.companyLogo} className="size-6" />
        </span>
      </figcaption>
    </figure>
  );
}
