import { Link } from "@remix-run/react";
import { AuthLink } from "~/features/auth/light";
import Menu from "lucide-react/icons/menu";
import Sparkles from "lucide-react/icons/sparkles";
import X from "lucide-react/icons/x";
import { useCallback, useEffect, useRef, useState } from "react";
import { ThemeToggle } from "~/ui/theme-toggle";
import { SpriteIcon } from "./icon-sprite";
import { DropcraftMark } from "./logos";
import { Pressable } from "~/ui/choice";

/** Spec section 9: the nav turns solid once the page has scrolled past 10 px. */
export const NAV_SCROLL_THRESHOLD_PX = 10;
const MOBILE_MENU_ID = "landing-mobile-menu";

export function PromoBanner() {
  return (
    <div role="region" aria-label="Promotion" className="relative z-[60] overflow-hidden bg-brand-strong text-white">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60%_120%_at_50%_0%,rgba(255,255,255,0.18),transparent_70%)]"
      />
      <div className="relative mx-auto flex max-w-7xl items-center justify-center gap-x-3 gap-y-1 px-4 py-2 text-center text-[13px] font-medium sm:text-sm">
        <Sparkles aria-hidden className="hidden size-4 shrink-0 sm:block" />
        <p>
          <span className="font-semibold">Try Dropcraft 100% free</span>
          <span className="hidden sm:inline"> — build your first AI store page today.</span>{" "}
          <span className="whitespace-nowrap">No credit card required.</span>
        </p>
        <AuthLink
          to="/signup"
          className="group inline-flex shrink-0 items-center gap-1 rounded-full bg-white/15 px-2.5 py-0.5 font-semibold ring-1 ring-white/25 transition hover:bg-white/25"
        >
          Start free
          <SpriteIcon name="arrow-right" className="size-3.5 transition-transform group-hover:translate-x-0.5" />
        </AuthLink>
      </div>
    </div>
  );
}

const navLinkClass = "rounded-lg px-3 py-2 text-sm font-medium text-muted transition hover:text-fg";

export function SiteHeader() {
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > NAV_SCROLL_THRESHOLD_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  const closeMenu = useCallback(() => setMenuOpen(false), []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    };
    // The menu only exists below 768 px; widening the window closes it.
    const media = window.matchMedia("(min-width: 768px)");
    const onMedia = () => media.matches && setMenuOpen(false);
    document.addEventListener("keydown", onKey);
    media.addEventListener("change", onMedia);
    return () => {
      document.removeEventListener("keydown", onKey);
      media.removeEventListener("change", onMedia);
    };
  }, [menuOpen]);

  const solid = scrolled || menuOpen;

  return (
    <header className="sticky top-0 z-50">
      <nav
        aria-label="Main"
        data-scrolled={scrolled ? "true" : "false"}
        className={`relative border-b transition-[background-color,border-color,backdrop-filter] duration-300 ${
          solid ? "border-line/70 bg-bg/80 backdrop-blur-xl backdrop-saturate-150" : "border-transparent bg-transparent"
        }`}
      >
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Link to="/" className="-m-1 flex items-center gap-2.5 rounded-lg p-1">
            <DropcraftMark className="size-8" />
            <span className="text-lg font-bold tracking-tight text-fg">Dropcraft</span>
          </Link>

          <div className="hidden items-center gap-1 md:flex">
            <a href="#features" className={navLinkClass}>
              Features
            </a>
            <Link to="/invite-earn" className={navLinkClass}>
              Affiliate Program
            </Link>
          </div>

          <div className="flex items-center gap-1.5 sm:gap-2">
            <ThemeToggle />
            <AuthLink to="/login" className={`hidden md:inline-flex ${navLinkClass}`}>
              Log in
            </AuthLink>
            <AuthLink
              to="/signup"
              className="inline-flex items-center gap-1.5 rounded-lg bg-brand-strong px-3.5 py-2 text-sm font-semibold text-white shadow-lg shadow-brand/25 ring-1 ring-white/10 transition hover:bg-brand-strong/90"
            >
              <span className="md:hidden">Sign Up</span>
              <span className="hidden md:inline">Sign Up For Free</span>
            </AuthLink>
            <Pressable
              ref={toggleRef}
              className="inline-flex size-9 items-center justify-center rounded-lg text-fg transition hover:bg-fg/5 md:hidden"
              aria-expanded={menuOpen}
              aria-controls={MOBILE_MENU_ID}
              aria-label={menuOpen ? "Close menu" : "Open menu"}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X aria-hidden className="size-5" /> : <Menu aria-hidden className="size-5" />}
            </Pressable>
          </div>
        </div>

        <div
          id={MOBILE_MENU_ID}
          hidden={!menuOpen}
          className="absolute inset-x-0 top-full border-b border-line bg-bg shadow-2xl shadow-black/40 md:hidden"
        >
          <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4">
            <li>
              <a
                href="#features"
                onClick={closeMenu}
                className="block rounded-lg px-3 py-3 text-base font-medium text-fg hover:bg-fg/5"
              >
                Features
              </a>
            </li>
            <li>
              <Link
                to="/invite-earn"
                onClick={closeMenu}
                className="block rounded-lg px-3 py-3 text-base font-medium text-fg hover:bg-fg/5"
              >
                Affiliate Program
              </Link>
            </li>
            <li>
              <AuthLink
                to="/login"
                onClick={closeMenu}
                className="block rounded-lg px-3 py-3 text-base font-medium text-fg hover:bg-fg/5"
              >
                Log in
              </AuthLink>
            </li>
            <li className="pt-2">
              <AuthLink
                to="/signup"
                onClick={closeMenu}
                className="flex items-center justify-center gap-2 rounded-xl bg-brand-strong px-4 py-3 text-base font-semibold text-white"
              >
                Sign Up For Free
                <SpriteIcon name="arrow-right" className="size-4" />
              </AuthLink>
            </li>
          </ul>
        </div>
      </nav>
    </header>
  );
}
