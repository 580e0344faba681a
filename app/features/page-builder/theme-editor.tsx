/** The theme panel: five colours with a contrast check, and the heading and body fonts. */
import { AlertTriangle, CheckCircle2 } from "lucide-react";
import type { PageFont, PageTheme } from "~/domain/contracts/pages";
import { Field, cx } from "~/ui";
import { contrastProblems, MIN_CONTRAST, type PageDoc } from "./editor-logic";
import { FONT_LABELS, PAGE_FONTS } from "./page-limits";
import { Card, ParsedInput } from "./parts";
import type { PageEditor } from "./use-page-editor";

const COLOURS: { key: keyof Omit<PageTheme, "headingFont" | "bodyFont">; label: string; hint: string }[] = [
  { key: "primary", label: "Primary", hint: "Buttons and links" },
  { key: "accent", label: "Accent", hint: "Badges and highlights" },
  { key: "background", label: "Background", hint: "The page behind everything" },
  { key: "surface", label: "Surface", hint: "Cards and panels" },
  { key: "text", label: "Text", hint: "Headings and body text" },
];

/** The same stacks the drop page uses, so the sample reads as the page will. */
export const FONT_STACKS: Record<PageFont, string> = {
  system: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  humanist: "'Seravek', 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif",
  geometric: "Avenir, Montserrat, Corbel, 'URW Gothic', source-sans-pro, sans-serif",
  serif: "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, serif",
  rounded:
    "ui-rounded, 'Hiragino Maru Gothic ProN', Quicksand, Comfortaa, Manjari, 'Arial Rounded MT', Calibri, sans-serif",
  mono: "ui-monospace, 'Cascadia Code', 'Source Code Pro', Menlo, Consolas, 'DejaVu Sans Mono', monospace",
};

const HEX = /^#[0-9a-f]{6}$/i;
const parseHex = (t: string) => {
  const v = t.trim().startsWith("#") ? t.trim() : `#${t.trim()}`;
  return HEX.test(v) ? v.toLowerCase() : undefined;
};

export function ThemeEditor({ doc, change }: { doc: PageDoc; change: PageEditor["change"] }) {
  const theme = doc.theme;
  const set = (patch: Partial<PageTheme>, key: string | null) =>
    change((d) => ({ ...d, theme: { ...d.theme, ...patch } }), key);
  const problems = contrastProblems(theme);
  return (
    <div className="space-y-4" data-testid="pb-theme-panel">
      <Card id="pb-colours" title="Colours">
        <div className="space-y-2.5">
          {COLOURS.map(({ key, label, hint }) => (
            <div key={key} className="flex items-center gap-3">
              <input
                type="color"
                aria-label={`${label} colour`}
                value={theme[key]}
                onChange={(e) => set({ [key]: e.target.value }, `theme-${key}`)}
                className="size-11 shrink-0 cursor-pointer rounded-lg border border-line bg-bg-elevated p-1"
              />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-fg">{label}</p>
                <p className="text-xs text-subtle">{hint}</p>
              </div>
              <div className="w-28 shrink-0">
                <ParsedInput
                  aria-label={`${label} colour code`}
                  value={theme[key]}
                  format={((v: string) => v) as (v: never) => string}
                  parse={parseHex}
                  onValue={((v: string) => set({ [key]: v }, `theme-${key}`)) as (v: never) => void}
                  className="font-mono uppercase"
                  maxLength={7}
                  spellCheck={false}
                />
              </div>
            </div>
          ))}
        </div>
        <div
          role="status"
          className={cx(
            "mt-3 flex items-start gap-2 rounded-xl border p-3 text-sm",
            problems.length ? "border-warning/40 bg-warning/10" : "border-accent/30 bg-accent/5",
          )}
          data-testid="pb-contrast"
        >
          {problems.length ? (
            <>
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
              <span className="text-fg">
                Hard to read: {problems.map((p) => `${p.pair.toLowerCase()} (${p.ratio.toFixed(1)}:1)`).join(", ")}.
                Text needs at least {MIN_CONTRAST}:1 against what is behind it.
              </span>
            </>
          ) : (
            <>
              <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
              <span className="text-fg">
                Text and buttons are readable on these colours (at least {MIN_CONTRAST}:1).
              </span>
            </>
          )}
        </div>
      </Card>

      <Card
        id="pb-fonts"
        title="Fonts"
        description="Fonts every device already has: the page loads no font files and stays fast."
      >
        <div className="grid gap-3 sm:grid-cols-2">
          {(["headingFont", "bodyFont"] as const).map((key) => (
            <Field key={key} label={key === "headingFont" ? "Headings" : "Body text"}>
              <select
                value={theme[key]}
                onChange={(e) => set({ [key]: e.target.value as PageFont }, null)}
                className="block h-11 w-full cursor-pointer rounded-lg border border-line bg-bg-elevated px-3 text-[15px] text-fg shadow-sm outline-none focus:border-brand focus:ring-3 focus:ring-brand/25 sm:text-sm"
              >
                {PAGE_FONTS.map((f) => (
                  <option key={f} value={f}>
                    {FONT_LABELS[f]}
                  </option>
                ))}
              </select>
            </Field>
          ))}
        </div>
        <div
          className="mt-3 rounded-xl border border-line p-4"
          style={{ background: theme.background, color: theme.text }}
          role="group"
          aria-label="Sample of the theme"
        >
          <p className="text-lg font-bold leading-tight" style={{ fontFamily: FONT_STACKS[theme.headingFont] }}>
            {doc.product.title || "Your product"}
          </p>
          <p className="mt-1 text-sm opacity-90" style={{ fontFamily: FONT_STACKS[theme.bodyFont] }}>
            Body text reads like this on the page.
          </p>
          <span
            className="mt-3 inline-flex rounded-lg px-3 py-1.5 text-sm font-semibold text-white"
            style={{ background: theme.primary, fontFamily: FONT_STACKS[theme.bodyFont] }}
          >
            Buy now
          </span>
          <span
            className="ml-2 inline-flex rounded-full px-2 py-0.5 text-xs font-semibold"
            style={{ background: theme.surface, color: theme.accent }}
          >
            Free shipping
          </span>
        </div>
      </Card>
    </div>
  );
}
