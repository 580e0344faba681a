import Pause from "lucide-react/icons/pause";
import Play from "lucide-react/icons/play";
import { useState } from "react";
import { headlineStats } from "~/domain/product-facts";
import { Pressable } from "~/ui/choice";
import { useProductFacts } from "~/lib/product-facts";
import { TESTIMONIALS } from "./data";
import { CompanyLogo } from "./logos";

/** The four headline numbers (spec section 1): counts from the library, read at render time; none when they cannot be read. */
export function StatsSection() {
  const stats = headlineStats(useProductFacts());
  if (!stats.length) return null;
  return (
    <section aria-labelledby="stats-title" className="relative border-y border-line bg-surface/40">
      <h2 id="stats-title" className="sr-only">
        What the library holds
      </h2>
      <dl className="mx-auto grid max-w-7xl grid-cols-2 lg:grid-cols-4">
        {stats.map((stat, i) => (
          <div
            key={stat.label}
            className={`flex flex-col-reverse justify-end gap-2 px-5 py-10 sm:px-8 sm:py-14 ${i % 2 === 1 ? "border-l border-line" : ""} ${
              i >= 2 ? "border-t border-line lg:border-t-0" : ""
            } ${i === 2 ? "lg:border-l" : ""}`}
          >
            <dt className="text-sm leading-snug text-muted">
              <span className="block font-semibold text-fg">
                {stat.label.charAt(0).toUpperCase() + stat.label.slice(1)}
              </span>
              <span className="mt-1 hidden sm:block">{stat.detail}</span>
            </dt>
            <dd className="bg-linear-to-br from-fg to-fg/60 bg-clip-text text-4xl font-bold tracking-tight text-transparent tabular-nums sm:text-5xl">
              {stat.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Wordmarks of sample brands (invented names, not real trademarks, and not customers: the heading
 * says so), scrolling gently. Motion that starts by itself and runs past 5 s needs a way to stop
 * it (WCAG 2.2.2): a pause button, and a pause while the pointer or the focus is on the strip.
 */
export function LogoStrip() {
  const ids = Array.from(new Set(TESTIMONIALS.map((t) => t.companyLogo)));
  const [paused, setPaused] = useState(false);
  return (
    <section aria-labelledby="logos-title" className="py-14 sm:py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="logos-title" className="text-center text-sm font-medium text-muted">
          Built for entrepreneurs, from solo dropshippers to growing brands
          <span className="mt-1 block text-xs font-normal text-subtle">Sample brand names, for illustration</span>
        </h2>
        <div className="relative mt-8 overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_12%,black_88%,transparent)] motion-reduce:[mask-image:none]">
          <div
            data-testid="logo-marquee"
            className={`flex w-max animate-marquee items-center motion-reduce:w-full motion-reduce:animate-none motion-reduce:flex-wrap motion-reduce:justify-center hover:[animation-play-state:paused] ${
              paused ? "[animation-play-state:paused]" : ""
            }`}
          >
            {[0, 1].map((copy) => (
              <ul
                key={copy}
                aria-hidden={copy === 1 ? true : undefined}
                className={`flex shrink-0 items-center gap-12 pr-12 sm:gap-16 sm:pr-16 ${
                  copy === 1
                    ? "motion-reduce:hidden"
                    : "motion-reduce:w-full motion-reduce:shrink motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:gap-x-10 motion-reduce:gap-y-5 motion-reduce:pr-0"
                }`}
              >
                {ids.map((id) => (
                  <li key={id} className="text-lg whitespace-nowrap text-muted transition-colors hover:text-fg">
                    <CompanyLogo id={id} />
                  </li>
                ))}
              </ul>
            ))}
          </div>
        </div>
        <div className="mt-4 flex justify-center motion-reduce:hidden">
          <Pressable
            onClick={() => setPaused((p) => !p)}
            aria-pressed={paused}
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs text-subtle transition hover:bg-fg/5 hover:text-fg"
          >
            {paused ? <Play aria-hidden className="size-3.5" /> : <Pause aria-hidden className="size-3.5" />}
            Pause the scrolling names
          </Pressable>
        </div>
      </div>
    </section>
  );
}
