import { Link } from "@remix-run/react";
import Rocket from "lucide-react/icons/rocket";
import Search from "lucide-react/icons/search";
import Wand2 from "lucide-react/icons/wand-2";
import { SectionIntro } from "./features";
import { SpriteIcon } from "./icon-sprite";

const STEPS = [
  {
    icon: Search,
    title: "Find a winning product",
    body: "Browse a product and ad library updated 8 times daily and pick an idea with a high success prediction.",
  },
  {
    icon: Wand2,
    title: "Build your store page with AI",
    body: "Paste the product URL. Dropcraft writes the copy, creates the visuals and exports the page to your store.",
  },
  {
    icon: Rocket,
    title: "Launch ads",
    body: "Generate ad creatives from your page and go live with a 60-second deployment, then watch the first orders land.",
  },
];

/** The three-step explainer. */
export function StepsSection() {
  return (
    <section aria-labelledby="steps-title" className="relative border-y border-line bg-surface/40 py-24 sm:py-32">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionIntro
          eyebrow="How it works"
          titleId="steps-title"
          title="Three steps to your first sale"
          description="From idea to live store in under 15 minutes — no designers, no developers, no guesswork."
        />
        <div className="relative mt-16">
          <div
            aria-hidden
            className="absolute top-13 right-[16%] left-[16%] hidden h-px bg-linear-to-r from-brand/0 via-brand/50 to-accent/0 lg:block"
          />
          <ol className="relative grid grid-cols-1 gap-6 lg:grid-cols-3 lg:gap-8">
            {STEPS.map((step, i) => (
              <li
                key={step.title}
                className="relative rounded-2xl border border-line bg-bg-elevated p-7 shadow-lg shadow-black/10 sm:p-8"
              >
                <div className="flex items-center justify-between">
                  <span className="flex size-12 items-center justify-center rounded-xl bg-brand-strong text-lg font-bold text-white shadow-lg shadow-brand/30">
                    {i + 1}
                  </span>
                  <step.icon aria-hidden className="size-6 text-muted" />
                </div>
                <h3 className="mt-6 text-xl font-semibold tracking-tight text-fg">{step.title}</h3>
                <p className="mt-3 text-[15px] leading-relaxed text-muted">{step.body}</p>
              </li>
            ))}
          </ol>
        </div>
        <div className="mt-12 text-center">
          <Link
            to="/signup"
            className="group inline-flex items-center gap-2 rounded-xl bg-brand-strong px-6 py-3 text-sm font-semibold text-white shadow-lg shadow-brand/25 transition hover:bg-brand-strong/90"
          >
            Start step one for free
            <SpriteIcon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-0.5" />
          </Link>
        </div>
      </div>
    </section>
  );
}
