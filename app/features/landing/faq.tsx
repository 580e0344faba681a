import { Link } from "@remix-run/react";
import { FAQS } from "./data";
import { SectionIntro } from "./features";
import { SpriteIcon } from "./icon-sprite";

/** Expandable questions, built on native <details> so they work before hydration. */
export function FaqSection() {
  return (
    <section aria-labelledby="faq-title" className="pt-8 pb-24 sm:pt-12 sm:pb-32">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-12 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)] lg:gap-16 lg:px-8">
        <div className="lg:sticky lg:top-28 lg:self-start">
          <SectionIntro
            align="left"
            eyebrow="FAQ"
            titleId="faq-title"
            title="Questions, answered"
            description="Everything you need to know before you start. Still curious? Our team is one message away."
          />
          <Link
            to="/signup"
            className="mt-8 inline-flex items-center rounded-xl border border-line bg-surface px-5 py-2.5 text-sm font-semibold text-fg transition hover:bg-surface-2"
          >
            Create a free account
          </Link>
        </div>
        <div data-testid="faq-list" className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {FAQS.map((item) => (
            <details key={item.question} className="group px-5 sm:px-7 [&_summary::-webkit-details-marker]:hidden">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-6 rounded-lg py-5 text-left text-base font-semibold text-fg sm:text-[17px]">
                {item.question}
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full border border-line text-muted transition group-open:rotate-45 group-open:border-brand/50 group-open:bg-brand-soft group-open:text-fg">
                  <SpriteIcon name="plus" className="size-4" />
                </span>
              </summary>
              <p className="-mt-1 pr-10 pb-6 text-[15px] leading-relaxed text-muted">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
