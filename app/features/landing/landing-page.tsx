import { memo } from "react";
import { FaqSection } from "./faq";
import { FeatureSections, SectionIntro } from "./features";
import { FinalCta, SiteFooter } from "./footer";
import { PromoBanner, SiteHeader } from "./header";
import { Hero } from "./hero";
import { LandingIconSprite } from "./icon-sprite";
import { LogoStrip, StatsSection } from "./stats";
import { StepsSection } from "./steps";
import { TESTIMONIALS } from "./data";
import { TestimonialSlider } from "./testimonial-slider";

/** The whole public landing page (spec section 2, "Landing page"). Memoised: it takes no props. */
export const LandingPage = memo(function LandingPage() {
  return (
    <div className="min-h-screen overflow-x-clip bg-bg text-fg">
      <LandingIconSprite />
      <a
        href="#main"
        className="sr-only rounded-lg bg-brand-strong px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100]"
      >
        Skip to content
      </a>
      <PromoBanner />
      <SiteHeader />
      <main id="main">
        <Hero />
        <StatsSection />
        <LogoStrip />
        <FeatureSections />
        <StepsSection />
        <section aria-labelledby="testimonials-title" className="overflow-hidden py-24 sm:py-32">
          <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
            <SectionIntro
              eyebrow="Testimonials"
              titleId="testimonials-title"
              title="What sellers could say after launching fast"
              description="Sample testimonials, written to show how sellers use Dropcraft: illustrative quotes, not reviews from real customers."
            />
            <div className="mt-14">
              <TestimonialSlider testimonials={TESTIMONIALS} />
            </div>
          </div>
        </section>
        <FaqSection />
        <FinalCta />
      </main>
      <SiteFooter />
    </div>
  );
});
