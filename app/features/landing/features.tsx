import { Link } from "@remix-run/react";
import BarChart3 from "lucide-react/icons/bar-chart-3";
import Clock3 from "lucide-react/icons/clock-3";
import FileCode2 from "lucide-react/icons/file-code-2";
import Link2 from "lucide-react/icons/link-2";
import Megaphone from "lucide-react/icons/megaphone";
import Rocket from "lucide-react/icons/rocket";
import ScanSearch from "lucide-react/icons/scan-search";
import Sparkles from "lucide-react/icons/sparkles";
import Wand2 from "lucide-react/icons/wand-2";
import Workflow from "lucide-react/icons/workflow";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { CATALOG_REFRESHES_PER_DAY } from "~/domain/product-facts";
import { useProductFacts } from "~/lib/product-facts";
import { SpriteIcon } from "./icon-sprite";

interface Feature {
  id: string;
  icon: LucideIcon;
  name: string;
  title: string;
  description: string;
  points: string[];
  visual: ReactNode;
}

const FEATURES: Feature[] = [
  {
    id: "ai-workflow",
    icon: Workflow,
    name: "AI Workflow",
    title: "Spot winning products before they peak",
    description:
      "Research runs on a living product and ad library. Dropcraft reads what is scaling right now, checks the demand behind it and tells you how likely a product is to win before you spend a cent on ads.",
    points: [
      `Product and ad library refreshed ${CATALOG_REFRESHES_PER_DAY} times a day`,
      "Every ad's hook, angle and run time read for demand signals",
      "A winning score on every product, with the five reasons behind it",
    ],
    visual: <WorkflowVisual />,
  },
  {
    id: "ai-page-builder",
    icon: Wand2,
    name: "AI Page Builder",
    title: "Paste a product URL, get a store page",
    description:
      "Drop in any supplier or competitor link. The builder writes the copy, picks the angles, lays out the page and generates the visuals, so every launch starts from a page that already sells.",
    points: [
      "Copy written from the product's own facts, never invented claims",
      "Conversion-focused copy, images and reviews layout",
      "Export to Shopify, or download as CSV or HTML",
    ],
    visual: <PageBuilderVisual />,
  },
  {
    id: "ai-launcher",
    icon: Rocket,
    name: "AI Launcher",
    title: "Go live with ads in about a minute",
    description:
      "Turn your finished page into a ready-to-run campaign: audiences, ad copy and creatives are generated from your product, and a 60-second deployment puts the test live while the idea is still fresh.",
    points: [
      "60-second deployment from page to live campaign",
      "Ad copy and creatives generated from your page",
      "Results tracked next to your research and pages",
    ],
    visual: <LauncherVisual />,
  },
];

export function FeatureSections() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="relative scroll-mt-20 pt-12 pb-24 sm:pt-16 sm:pb-32"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionIntro
          eyebrow="Three AI systems"
          titleId="features-title"
          title="One workspace from research to revenue"
          description="AI Workflow, AI Page Builder and AI Launcher share the same context, so what you learn while researching flows straight into your page and your ads."
        />

        <div className="mt-16 space-y-20 sm:mt-24 sm:space-y-28">
          {FEATURES.map((feature, i) => (
            <article
              key={feature.id}
              id={feature.id}
              aria-labelledby={`${feature.id}-title`}
              className="grid scroll-mt-24 grid-cols-1 items-center gap-10 lg:grid-cols-2 lg:gap-16"
            >
              <div className={i % 2 === 1 ? "lg:order-2" : undefined}>
                <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1 text-sm font-semibold text-fg">
                  <feature.icon aria-hidden className="size-4 text-brand" />
                  {feature.name}
                </p>
                <h3
                  id={`${feature.id}-title`}
                  className="mt-5 text-3xl font-bold tracking-tight text-balance text-fg sm:text-4xl"
                >
                  {feature.title}
                </h3>
                <p className="mt-4 text-base leading-relaxed text-muted sm:text-lg">{feature.description}</p>
                <ul className="mt-7 space-y-3">
                  {feature.points.map((point) => (
                    <li key={point} className="flex items-start gap-3 text-[15px] text-fg">
                      <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-accent/15 text-accent">
                        <SpriteIcon name="check" className="size-3.5" strokeWidth={3} />
                      </span>
                      {point}
                    </li>
                  ))}
                </ul>
                <Link
                  to="/signup"
                  className="group mt-8 inline-flex items-center gap-1.5 text-sm font-semibold text-fg underline decoration-brand/50 decoration-2 underline-offset-4 transition hover:decoration-brand"
                >
                  Try {feature.name} free
                  <SpriteIcon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-0.5" />
                </Link>
              </div>
              <div className={i % 2 === 1 ? "lg:order-1" : undefined}>{feature.visual}</div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

export function SectionIntro({
  eyebrow,
  title,
  titleId,
  description,
  align = "center",
}: {
  eyebrow: string;
  title: string;
  titleId: string;
  description?: string;
  align?: "center" | "left";
}) {
  return (
    <div className={align === "center" ? "mx-auto max-w-3xl text-center" : "max-w-2xl"}>
      <p className="text-sm font-semibold tracking-[0.14em] text-muted uppercase">
        <span className="bg-linear-to-r from-brand to-accent bg-clip-text text-transparent">{eyebrow}</span>
      </p>
      <h2 id={titleId} className="mt-3 text-3xl font-bold tracking-tight text-balance text-fg sm:text-5xl">
        {title}
      </h2>
      {description && <p className="mt-5 text-base leading-relaxed text-pretty text-muted sm:text-lg">{description}</p>}
    </div>
  );
}

/** An illustration of a screen, with sample data: it says so on the screen itself. */
function VisualFrame({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div role="img" aria-label={`${label} (illustration with sample data)`} className="relative">
      <span aria-hidden className="absolute top-4 right-4 z-10 rounded-full border border-line bg-surface/90 px-2 py-0.5 text-[10px] font-medium tracking-wide text-muted uppercase">
        Sample data
      </span>
      <div
        aria-hidden
        className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-[radial-gradient(60%_60%_at_50%_50%,var(--brand-soft),transparent_70%)]"
      />
      <div className="rounded-3xl border border-line bg-surface/80 p-2 shadow-2xl shadow-black/30 ring-1 ring-white/5">
        <div aria-hidden className="rounded-2xl border border-line bg-bg-elevated p-5 sm:p-6">
          {children}
        </div>
      </div>
    </div>
  );
}

const PRODUCTS = [
  { name: "Posture Corrector Pro", niche: "Health", score: 87, trend: "+214%" },
  { name: "LED Sunset Lamp", niche: "Home decor", score: 81, trend: "+168%" },
  { name: "Pet Hair Remover", niche: "Pets", score: 74, trend: "+96%" },
];

function WorkflowVisual() {
  const facts = useProductFacts();
  return (
    <VisualFrame label={`Winning products list with success scores, from a library refreshed ${CATALOG_REFRESHES_PER_DAY} times a day`}>
      <div className="flex items-center justify-between">
        <div className="flex items-center gap-2 text-sm font-semibold text-fg">
          <ScanSearch className="size-4 text-brand" />
          Winning products
        </div>
        <span className="inline-flex items-center gap-1.5 rounded-full bg-accent/15 px-2.5 py-1 text-[11px] font-semibold text-fg">
          <span className="size-1.5 rounded-full bg-accent" />
          Refreshed {CATALOG_REFRESHES_PER_DAY}× a day
        </span>
      </div>
      <div className="mt-5 space-y-3">
        {PRODUCTS.map((p, i) => (
          <div
            key={p.name}
            className={`flex items-center gap-4 rounded-xl border p-3 ${i === 0 ? "border-brand/40 bg-brand-soft" : "border-line bg-surface"}`}
          >
            <div className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-linear-to-br from-brand/30 to-accent/20">
              <SpriteIcon name="trending-up" className="size-5 text-fg" />
            </div>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold text-fg">{p.name}</p>
              <p className="text-xs text-muted">
                {p.niche} · <span className="text-fg">{p.trend}</span> ad spend
              </p>
            </div>
            <div className="text-right">
              <p className="text-lg font-bold tabular-nums text-fg">{p.score}%</p>
              <p className="text-[11px] text-muted">success</p>
            </div>
          </div>
        ))}
      </div>
      <div className="mt-5 grid grid-cols-3 gap-3 border-t border-line pt-5 text-center">
        {[
          [facts ? facts.ads.toLocaleString("en-US") : "Ads", "in the library"],
          [`${CATALOG_REFRESHES_PER_DAY}×`, "refreshes a day"],
          [facts ? facts.niches.toLocaleString("en-US") : "Niches", "niches scored"],
        ].map(([value, label]) => (
          <div key={label}>
            <p className="text-xl font-bold text-fg">{value}</p>
            <p className="text-xs text-muted">{label}</p>
          </div>
        ))}
      </div>
    </VisualFrame>
  );
}

function PageBuilderVisual() {
  return (
    <VisualFrame label="AI Page Builder turning a product URL into a store page">
      <div className="flex items-center gap-2 rounded-xl border border-line bg-surface px-3 py-2.5 text-xs text-muted">
        <Link2 className="size-4 shrink-0 text-brand" />
        <span className="truncate">supplier.example/item/posture-corrector-pro</span>
        <span className="ml-auto inline-flex shrink-0 items-center gap-1 rounded-md bg-brand-strong px-2 py-1 font-semibold text-white">
          <Sparkles className="size-3" /> Build
        </span>
      </div>
      <div className="mt-4 overflow-hidden rounded-xl border border-line bg-surface">
        <div className="grid grid-cols-[minmax(0,0.85fr)_minmax(0,1.15fr)] gap-4 p-4">
          <div className="aspect-square rounded-lg bg-linear-to-br from-brand/40 via-brand/20 to-accent/30 p-3">
            <div className="flex h-full items-end justify-between">
              <span className="rounded-md bg-black/40 px-2 py-0.5 text-[10px] font-semibold text-white">-40%</span>
              <div className="flex gap-1">
                <span className="size-2 rounded-full bg-white" />
                <span className="size-2 rounded-full bg-white/40" />
                <span className="size-2 rounded-full bg-white/40" />
              </div>
            </div>
          </div>
          <div className="flex flex-col">
            <p className="text-[11px] font-semibold tracking-wider text-muted uppercase">Bestseller</p>
            <p className="mt-1 text-base font-bold text-fg">Posture Corrector Pro</p>
            <p className="mt-1 text-xs text-muted">Adjustable strap that fits under everyday clothing.</p>
            <p className="mt-3 text-lg font-bold text-fg">
              $29.99 <span className="text-xs font-medium text-muted line-through">$49.99</span>
            </p>
            <div className="mt-3 space-y-1.5">
              <div className="h-1.5 w-full rounded-full bg-fg/10" />
              <div className="h-1.5 w-4/5 rounded-full bg-fg/10" />
              <div className="h-1.5 w-3/5 rounded-full bg-fg/10" />
            </div>
            <span className="mt-auto block rounded-lg bg-brand-strong py-2 text-center text-xs font-semibold text-white">
              Add to cart
            </span>
          </div>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2 text-xs">
        <span className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface px-2.5 py-1 font-medium text-fg">
          <BarChart3 className="size-3.5 text-accent" /> SEO audit built in
        </span>
        <span className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface px-2.5 py-1 font-medium text-fg">
          <FileCode2 className="size-3.5 text-brand" /> Shopify · CSV · HTML
        </span>
      </div>
    </VisualFrame>
  );
}

const LAUNCH_STEPS = [
  { label: "Audience built from your research", done: true },
  { label: "3 ad variations generated", done: true },
  { label: "Budget & schedule set", done: true },
  { label: "Campaign deployed", done: false },
];

function LauncherVisual() {
  return (
    <VisualFrame label="AI Launcher deploying an ad campaign in 60 seconds">
      <div className="flex items-center justify-between">
        <div className="flex items-center gap-2 text-sm font-semibold text-fg">
          <Megaphone className="size-4 text-brand" />
          Launch campaign
        </div>
        <span className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface px-2.5 py-1 text-[11px] font-semibold text-fg tabular-nums">
          <Clock3 className="size-3.5 text-accent" />
          0:52 / 60s
        </span>
      </div>
      <div className="mt-5 h-2 overflow-hidden rounded-full bg-fg/10">
        <div className="h-full w-[87%] rounded-full bg-linear-to-r from-brand to-accent" />
      </div>
      <ul className="mt-5 space-y-2.5">
        {LAUNCH_STEPS.map((step) => (
          <li
            key={step.label}
            className="flex items-center gap-3 rounded-xl border border-line bg-surface px-3 py-2.5 text-sm"
          >
            {step.done ? (
              <span className="flex size-5 items-center justify-center rounded-full bg-accent/20 text-accent">
                <SpriteIcon name="check" className="size-3" strokeWidth={3} />
              </span>
            ) : (
              // An illustration, not a real wait: it turns three times, not for good (WCAG 2.2.2).
              <span className="size-5 animate-spin rounded-full border-2 border-line border-t-brand [animation-iteration-count:3] motion-reduce:animate-none" />
            )}
            <span className={step.done ? "text-fg" : "font-semibold text-fg"}>{step.label}</span>
          </li>
        ))}
      </ul>
      <div className="mt-5 grid grid-cols-3 gap-3">
        {["Hook A", "Hook B", "Hook C"].map((hook, i) => (
          <div key={hook} className="overflow-hidden rounded-lg border border-line bg-surface">
            <div
              className={`aspect-[4/5] bg-linear-to-br ${
                i === 0
                  ? "from-brand/50 to-accent/30"
                  : i === 1
                    ? "from-accent/40 to-brand/20"
                    : "from-brand/30 to-fg/10"
              }`}
            />
            <p className="px-2 py-1.5 text-[11px] font-medium text-muted">{hook}</p>
          </div>
        ))}
      </div>
    </VisualFrame>
  );
}
