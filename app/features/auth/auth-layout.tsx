import { Link } from "@remix-run/react";
import { Check, Rocket, Search, Store, Zap } from "lucide-react";
import type { ReactNode } from "react";
import { libraryClaim, merchantCount, merchantsClaim } from "~/domain/product-facts";
import { TESTIMONIALS } from "~/domain/testimonials";
import { useProductFacts } from "~/lib/product-facts";
import { Logo } from "~/ui/logo";
import { ThemeToggle } from "~/ui/theme-toggle";

const VALUE_POINTS = [
  { icon: Search, title: "Find winning products", text: null },
  {
    icon: Store,
    title: "Turn a URL into a store page",
    text: "Paste a product link, get a high-converting page in minutes.",
  },
  {
    icon: Rocket,
    title: "Launch ads from one place",
    text: "Marketing visuals, copy and campaigns without switching tools.",
  },
] as const;

const FACES = [
  { initials: "MR", tone: "from-brand to-accent" },
  { initials: "JS", tone: "from-accent to-brand-strong" },
  { initials: "AK", tone: "from-brand-strong to-brand" },
] as const;

/** The spec's "Trusted by …" with the real merchant count (or without a number), and "No credit card required" (spec section 1). */
export function TrustClaims({ tone = "panel" }: { tone?: "panel" | "page" }) {
  const onPanel = tone === "panel";
  const facts = useProductFacts();
  const merchants = merchantsClaim(facts);
  // Faces beside a count suggest the people in it: shown only with a real count.
  const counted = merchantCount(facts) !== null;
  return (
    <ul
      className={`flex flex-wrap items-center gap-x-5 gap-y-2 text-sm ${onPanel ? "text-white/85" : "justify-center text-muted"}`}
      data-testid={onPanel ? "auth-claims" : "auth-claims-compact"}
    >
      <li className="flex items-center gap-2.5">
        {counted && (
          <span aria-hidden className="flex -space-x-1">
            {FACES.map((f) => (
              <span
                key={f.initials}
                className={`grid size-7 place-items-center rounded-full bg-linear-to-br text-[10px] font-semibold text-white ring-2 ${f.tone} ${
                  onPanel ? "ring-white/25" : "ring-bg"
                }`}
              >
                {f.initials}
              </span>
            ))}
          </span>
        )}
        <span>
          {merchants.lead}
          <strong className={onPanel ? "font-semibold text-white" : "font-semibold text-fg"}>{merchants.figure}</strong>
        </span>
      </li>
      <li className="flex items-center gap-1.5">
        <Check className={`size-4 ${onPanel ? "text-white" : "text-accent"}`} aria-hidden />
        No credit card required
      </li>
    </ul>
  );
}

function BrandPanel() {
  const facts = useProductFacts();
  const quote = TESTIMONIALS.find((t) => t.featured) ?? TESTIMONIALS[0];
  return (
    <aside
      aria-label="Why Dropcraft"
      className="relative hidden overflow-hidden bg-brand-strong text-white lg:flex lg:flex-col lg:justify-between lg:p-12 xl:p-16"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-linear-to-br from-brand via-brand-strong to-black/60"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute -right-32 -top-32 size-[28rem] rounded-full bg-accent/30 blur-3xl"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute -bottom-40 -left-24 size-[26rem] rounded-full bg-white/10 blur-3xl"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 opacity-[0.07] [background-image:linear-gradient(to_right,white_1px,transparent_1px),linear-gradient(to_bottom,white_1px,transparent_1px)] [background-size:44px_44px] [mask-image:radial-gradient(ellipse_at_center,black_30%,transparent_75%)]"
      />

      <p className="relative inline-flex w-fit items-center gap-2 rounded-full bg-white/12 px-3 py-1 text-xs font-semibold tracking-wide ring-1 ring-white/20">
        <Zap className="size-3.5" aria-hidden />
        The AI workspace for e-commerce sellers
      </p>

      <div className="relative max-w-lg py-10">
        <h2 className="text-4xl font-bold leading-[1.1] tracking-tight xl:text-[2.75rem]">
          From idea to live store in under 15 minutes
        </h2>
        <p className="mt-4 text-base leading-relaxed text-white/80">
          Research markets, find winning products, build store pages and launch ads — one workspace, powered by AI.
        </p>
        <ul className="mt-9 space-y-5">
          {VALUE_POINTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-white/12 ring-1 ring-white/20">
                <Icon className="size-5" aria-hidden />
              </span>
              <span>
                <span className="block font-semibold">{title}</span>
                <span className="mt-0.5 block text-sm text-white/75">{text ?? libraryClaim(facts)}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>

      <div className="relative space-y-6">
        {quote && (
          <figure className="rounded-2xl bg-black/15 p-5 ring-1 ring-white/15 backdrop-blur-sm">
            <p className="mb-2 text-[11px] font-medium tracking-wide text-white/60 uppercase">Sample testimonial</p>
            <blockquote className="text-[15px] leading-relaxed text-white/90">“{quote.content}”</blockquote>
            <figcaption className="mt-3 flex items-center gap-3 text-sm">
              <span
                aria-hidden
                className="grid size-8 place-items-center rounded-full bg-white/15 text-xs font-semibold"
              >
                {quote.avatar}
              </span>
              <span>
                <span className="block font-semibold text-white">{quote.name}</span>
                <span className="block text-white/70">
                  {quote.role}, {quote.company}
                </span>
              </span>
            </figcaption>
          </figure>
        )}
        <TrustClaims />
      </div>
    </aside>
  );
}

const AUTH_TITLE_ID = "auth-title";

/**
 * Moves focus to the screen's heading after the screen changed in place (sent, done, verified),
 * so screen readers start at the new content.
 */
export function focusAuthTitle() {
  requestAnimationFrame(() => document.getElementById(AUTH_TITLE_ID)?.focus());
}

export interface AuthLayoutProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Under the card, e.g. "Don't have an account? Sign up". */
  footer?: ReactNode;
  /** An icon badge above the title (status screens). */
  icon?: ReactNode;
  /** Centres the title block (status screens). */
  centered?: boolean;
}

/**
 * The shared frame of the authentication screens: the form on one side and the brand panel
 * on the other from 1024 px up; a single column below, with the trust claims under the form.
 */
export function AuthLayout({ title, description, children, footer, icon, centered = false }: AuthLayoutProps) {
  return (
    <div className="min-h-dvh bg-bg text-fg lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)]">
      <div className="relative flex min-h-dvh flex-col px-5 py-5 sm:px-8">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-linear-to-b from-brand-soft to-transparent lg:hidden"
        />
        <header className="relative flex items-center justify-between">
          <Logo />
          <ThemeToggle />
        </header>

        <main id="main-content" className="relative flex flex-1 items-center justify-center py-10 sm:py-14">
          <div className="w-full max-w-[400px] animate-fade-in">
            <div className={centered ? "text-center" : ""}>
              {icon && <div className={`mb-5 ${centered ? "flex justify-center" : ""}`}>{icon}</div>}
              <h1
                id={AUTH_TITLE_ID}
                tabIndex={-1}
                style={{ outline: "none" }}
                className="text-[1.75rem] font-bold leading-tight tracking-tight text-fg sm:text-3xl"
              >
                {title}
              </h1>
              {description && <p className="mt-2 text-[15px] leading-relaxed text-muted">{description}</p>}
            </div>
            <div className="mt-8">{children}</div>
            {footer && <div className="mt-8 text-center text-sm text-muted">{footer}</div>}
            <div className="mt-10 lg:hidden">
              <TrustClaims tone="page" />
            </div>
          </div>
        </main>

        <footer className="relative flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-xs text-subtle lg:justify-start">
          <span>© 2025 Dropcraft</span>
          <Link to="/terms" className="hover:text-fg">
            Terms
          </Link>
          <Link to="/privacy" className="hover:text-fg">
            Privacy
          </Link>
          <Link to="/support" className="hover:text-fg">
            Support
          </Link>
        </footer>
      </div>
      <BrandPanel />
    </div>
  );
}

/** A round icon badge for status screens (verify, reset). */
export function StatusIcon({
  children,
  tone = "brand",
}: {
  children: ReactNode;
  tone?: "brand" | "success" | "danger";
}) {
  const tones = {
    brand: "bg-brand-soft text-brand ring-brand/25",
    success: "bg-accent/12 text-accent ring-accent/30",
    danger: "bg-danger/12 text-danger ring-danger/30",
  } as const;
  return (
    <span aria-hidden className={`grid size-14 place-items-center rounded-2xl ring-1 ${tones[tone]}`}>
      {children}
    </span>
  );
}

/** Inline link style used across the auth screens. */
export const textLinkClass = "font-semibold text-brand underline-offset-4 hover:underline";
