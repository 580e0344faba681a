import { useEffect, useState } from "react";

export interface PageOverlays {
  /** Height of the free-plan banner fixed to the page bottom (0 when it is not shown). */
  banner: number;
  /** Room the floating "Power tour" button takes above the bottom edge (0 when absent). */
  floating: number;
  /** Its left edge in viewport pixels (Infinity when absent), to tell whether it overlaps. */
  floatingLeft: number;
}

const BANNER = '[data-testid="free-plan-banner"]';
const FLOATING = '[data-testid="power-tour-button"]';

/**
 * The chat fills the viewport, so what the app shell pins over the page bottom would cover the
 * composer: the free-plan banner (whose spacer would also make the page scroll) and the paid
 * users' floating tour button. They are the shell's direct children of #main-content, so
 * watching that element's children (not the whole tree) is enough.
 */
export function usePageOverlays(): PageOverlays {
  const [overlays, setOverlays] = useState<PageOverlays>({ banner: 0, floating: 0, floatingLeft: Infinity });

  useEffect(() => {
    const root = document.getElementById("main-content") ?? document.body;
    let observed: Element[] = [];
    const resize = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => measure());

    function measure() {
      const banner = root.querySelector<HTMLElement>(BANNER);
      const floating = root.querySelector<HTMLElement>(FLOATING);
      const box = floating?.getBoundingClientRect();
      const next: PageOverlays = {
        banner: banner ? Math.round(banner.getBoundingClientRect().height) : 0,
        // The button sits 20 px above the bottom; keep 12 px of air above it.
        floating: box ? Math.round(box.height) + 32 : 0,
        floatingLeft: box ? Math.round(box.left) : Infinity,
      };
      setOverlays((prev) =>
        prev.banner === next.banner && prev.floating === next.floating && prev.floatingLeft === next.floatingLeft
          ? prev
          : next,
      );
      const elements = [banner, floating].filter((e): e is HTMLElement => e !== null);
      if (resize && (elements.length !== observed.length || elements.some((e, i) => e !== observed[i]))) {
        resize.disconnect();
        for (const e of elements) resize.observe(e);
        observed = elements;
      }
    }

    measure();
    const mutations = new MutationObserver(measure);
    mutations.observe(root, { childList: true });
    window.addEventListener("resize", measure);
    return () => {
      mutations.disconnect();
      resize?.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, []);

  return overlays;
}
