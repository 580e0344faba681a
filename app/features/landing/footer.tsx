import { Link } from "@remix-run/react";
import { merchantCount } from "~/domain/product-facts";
import { NewsletterSignupForm } from "~/features/newsletter";
import { useProductFacts } from "~/lib/product-facts";
import { SpriteIcon } from "./icon-sprite";
import { DropcraftMark } from "./logos";

const COLUMNS = [
  {
    title: "Product",
    links: [
      { to: "/", label: "Home" },
      { to: "/invite-earn", label: "Affiliate Program" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/privacy", label: "Privacy" },
      { to: "/terms", label: "Terms" },
      { to: "/refund-policy", label: "Refund Policy" },
      { to: "/cookie-policy", label: "Cookie Policy" },
      { to: "/security-policy", label: "Security Policy" },
    ],
  },
  {
    title: "Account",
    links: [
      { to: "/signup", label: "Sign Up" },
      { to: "/login", label: "Login" },
      { to: "/upgrade", label: "Pricing" },
    ],
  },
];

/** Closing call to action above the footer. */
export function FinalCta() {
  const merchants = merchantCount(useProductFacts());
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-20 sm:px-6 sm:pb-24 lg:px-8">
      <div className="relative isolate mx-auto max-w-6xl overflow-hidden rounded-3xl border border-line bg-surface px-6 py-16 text-center shadow-2xl shadow-black/30 sm:px-12 sm:py-20">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 bg-[radial-gradient(60%_80%_at_50%_0%,var(--brand-soft),transparent_70%)]"
        />
        <div
          aria-hidden
          className="absolute inset-x-0 bottom-0 -z-10 h-48 bg-[radial-gradient(45%_100%_at_50%_100%,color-mix(in_srgb,var(--accent)_10%,transparent),transparent_70%)]"
        />
        <h2
          id="cta-title"
          className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-fg sm:text-5xl"
        >
          Your next winning product is one afternoon away
        </h2>
        <p className="mx-auto mt-5 max-w-xl text-base text-muted sm:text-lg">
          {merchants ? `Join ${merchants} building with Dropcraft.` : "Build your store with Dropcraft."} Try it 100% free — no credit card required.
        </p>
        <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            to="/signup"
            className="group inline-flex items-center justify-center gap-2 rounded-xl bg-brand-strong px-7 py-3.5 text-sm font-semibold tracking-wide text-white shadow-xl shadow-brand/30 ring-1 ring-white/15 transition hover:bg-brand-strong/90"
          >
            Sign Up For Free
            <SpriteIcon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-0.5" />
          </Link>
          <Link
            to="/upgrade"
            className="inline-flex items-center justify-center rounded-xl border border-line bg-bg/40 px-7 py-3.5 text-sm font-semibold text-fg transition hover:bg-surface-2"
          >
            See pricing
          </Link>
        </div>
      </div>
    </section>
  );
}

export function SiteFooter() {
  return (
    <footer data-testid="site-footer" className="border-t border-line bg-bg-elevated">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,2fr)] lg:px-8">
        <div>
          <Link to="/" className="-m-1 inline-flex items-center gap-2.5 rounded-lg p-1">
            <DropcraftMark className="size-8" />
            <span className="text-lg font-bold tracking-tight text-fg">Dropcraft</span>
          </Link>
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-muted">
            The AI workspace for dropshippers and e-commerce sellers: research, store pages and ads in one place.
          </p>
          <NewsletterSignupForm source="landing" className="mt-8" />
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          {COLUMNS.map((column) => (
            <div key={column.title}>
              <h2 className="text-sm font-semibold text-fg">{column.title}</h2>
              <ul className="mt-4 space-y-3">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="text-sm text-muted transition hover:text-fg">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>© 2025 Dropcraft. All rights reserved.</p>
          <p>Testimonials, brand names, orders and screen illustrations on this page are samples.</p>
        </div>
      </div>
    </footer>
  );
}
