import { Link, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { Logo } from "~/ui/logo";
import { ThemeToggle } from "~/ui/theme-toggle";

/**
 * The header and footer of the public marketing pages that are not the landing page
 * (pricing and the legal documents).
 */

export const LEGAL_LINKS = [
  { to: "/terms", label: "Terms of Service" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/refund-policy", label: "Refund Policy" },
  { to: "/cookie-policy", label: "Cookie Policy" },
  { to: "/security-policy", label: "Security Policy" },
] as const;

export type LegalPath = (typeof LEGAL_LINKS)[number]["to"];

export const COPYRIGHT = "© 2025 Dropcraft. All rights reserved.";

/** The logo as a home link (the shared brand mark plus wordmark). */
export function BrandLogo() {
  return <Logo />;
}

export function PublicHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-bg/80 backdrop-blur-md supports-[backdrop-filter]:bg-bg/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <BrandLogo />
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          <NavLink
            to="/pricing"
            className={({ isActive }) =>
              `hidden rounded-lg px-3 py-2 text-sm font-medium transition-colors hover:text-fg sm:inline-flex ${isActive ? "text-fg" : "text-muted"}`
            }
          >
            Pricing
          </NavLink>
          <ThemeToggle />
          <Link
            to="/login"
            className="rounded-lg px-3 py-2 text-sm font-medium text-muted transition-colors hover:bg-surface-2 hover:text-fg"
          >
            Log in
          </Link>
          <Link
            to="/signup"
            className="rounded-lg bg-brand-strong px-3.5 py-2 text-sm font-semibold text-white shadow-sm shadow-brand/30 transition-colors hover:bg-brand-hover"
          >
            Sign up
          </Link>
        </nav>
      </div>
    </header>
  );
}

export function PublicFooter() {
  return (
    <footer className="border-t border-line bg-bg-elevated">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr]">
        <div>
          <BrandLogo />
          <p className="mt-3 max-w-xs text-sm leading-6 text-muted">
            The AI workspace for e-commerce sellers, dropshippers and marketers.
          </p>
        </div>
        <nav aria-label="Product">
          <h2 className="text-xs font-semibold uppercase tracking-wider text-subtle">Product</h2>
          <ul className="mt-4 space-y-2.5 text-sm">
            <li>
              <Link to="/" className="text-muted hover:text-fg">
                Home
              </Link>
            </li>
            <li>
              <Link to="/pricing" className="text-muted hover:text-fg">
                Pricing
              </Link>
            </li>
            <li>
              <Link to="/invite-earn" className="text-muted hover:text-fg">
                Affiliate Program
              </Link>
            </li>
            <li>
              <Link to="/signup" className="text-muted hover:text-fg">
                Sign up
              </Link>
            </li>
            <li>
              <Link to="/login" className="text-muted hover:text-fg">
                Log in
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="text-xs font-semibold uppercase tracking-wider text-subtle">Legal</h2>
          <ul className="mt-4 space-y-2.5 text-sm">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-muted hover:text-fg">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-subtle sm:px-6">{COPYRIGHT}</p>
      </div>
    </footer>
  );
}

/** Header, content and footer for a public page; the page supplies its own <main>. */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-bg text-fg">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand-strong px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <PublicHeader />
      <div className="flex-1">{children}</div>
      <PublicFooter />
    </div>
  );
}
