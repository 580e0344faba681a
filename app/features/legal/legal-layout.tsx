import { Link } from "@remix-run/react";
import { ChevronDown, Cookie, FileText, Hash, ReceiptText, Scale, ShieldCheck, type LucideIcon } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { LEGAL_LINKS, PublicPage, type LegalPath } from "./site-chrome";
import { PROSE_CLASS } from "./prose";
import { SupportEmailLink } from "./support-email";

/** The date every legal document shows. */
export const LEGAL_LAST_UPDATED = "November 22, 2026";

export interface LegalSection {
  /** The anchor: lowercase words joined by hyphens. */
  id: string;
  title: string;
  body: ReactNode;
}

export interface LegalDocument {
  path: LegalPath;
  title: string;
  /** One or two sentences under the title. */
  summary: ReactNode;
  sections: readonly LegalSection[];
}

const ICONS: Record<LegalPath, LucideIcon> = {
  "/terms": Scale,
  "/privacy": FileText,
  "/refund-policy": ReceiptText,
  "/cookie-policy": Cookie,
  "/security-policy": ShieldCheck,
};

const BLURBS: Record<LegalPath, string> = {
  "/terms": "The agreement that covers your use of Dropcraft.",
  "/privacy": "What we collect, why, and the choices you have.",
  "/refund-policy": "Cancelling, switching plans and getting your money back.",
  "/cookie-policy": "Every cookie and browser storage key we use.",
  "/security-policy": "How we protect your account, and how to report a flaw.",
};

/** A meta function body for a legal page. */
export function legalMeta(title: string, description: string) {
  return [{ title: `${title} — Dropcraft` }, { name: "description", content: description }];
}

/** Highlights the table-of-contents entry for the section being read. */
function useActiveSection(ids: readonly string[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  const key = ids.join(",");
  useEffect(() => {
    if (typeof IntersectionObserver === "undefined") return;
    const elements = key
      .split(",")
      .map((id) => document.getElementById(id))
      .filter((el): el is HTMLElement => el !== null);
    const visible = new Map<string, boolean>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) visible.set(entry.target.id, entry.isIntersecting);
        const first = elements.find((el) => visible.get(el.id));
        if (first) setActive(first.id);
      },
      { rootMargin: "-80px 0px -60% 0px" },
    );
    for (const el of elements) observer.observe(el);
    return () => observer.disconnect();
  }, [key]);
  return active;
}

function TableOfContents({ sections, active }: { sections: readonly LegalSection[]; active: string | null }) {
  return (
    <ol className="space-y-1 text-sm">
      {sections.map((section, index) => {
        const current = section.id === active;
        return (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              aria-current={current ? "location" : undefined}
              className={`flex gap-2 rounded-md border-l-2 py-1.5 pl-3 pr-2 transition-colors ${
                current
                  ? "border-brand bg-brand-soft text-fg"
                  : "border-transparent text-muted hover:border-line hover:text-fg"
              }`}
            >
              <span className="w-5 shrink-0 tabular-nums text-subtle">{index + 1}.</span>
              <span>{section.title}</span>
            </a>
          </li>
        );
      })}
    </ol>
  );
}

function OtherPolicies({ current }: { current: LegalPath }) {
  return (
    <nav aria-labelledby="other-policies" className="mt-16 border-t border-line pt-10">
      <h2 id="other-policies" className="text-lg font-semibold text-fg">
        Other policies
      </h2>
      <ul className="mt-5 grid gap-3 sm:grid-cols-2">
        {LEGAL_LINKS.filter((link) => link.to !== current).map((link) => {
          const Icon = ICONS[link.to];
          return (
            <li key={link.to}>
              <Link
                to={link.to}
                className="group flex h-full items-start gap-3 rounded-xl border border-line bg-surface p-4 transition-colors hover:border-brand/50 hover:bg-surface-2"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand">
                  <Icon className="size-4" aria-hidden />
                </span>
                <span>
                  <span className="block font-medium text-fg group-hover:text-brand">{link.label}</span>
                  <span className="mt-0.5 block text-sm text-muted">{BLURBS[link.to]}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A legal document: title, date, table of contents, numbered sections with anchors. */
export function LegalLayout({ document: doc }: { document: LegalDocument }) {
  const active = useActiveSection(doc.sections.map((s) => s.id));
  const Icon = ICONS[doc.path];
  return (
    <PublicPage>
      <main id="main" className="mx-auto max-w-6xl px-4 pb-20 pt-10 sm:px-6 sm:pt-14">
        <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12">
          <aside className="hidden lg:block" aria-label="On this page">
            <div className="sticky top-24 max-h-[calc(100vh-8rem)] overflow-y-auto pb-6">
              <p className="mb-3 pl-3 text-xs font-semibold uppercase tracking-wider text-subtle">On this page</p>
              <TableOfContents sections={doc.sections} active={active} />
            </div>
          </aside>

          <article className="max-w-3xl" aria-labelledby="doc-title">
            <header className="border-b border-line pb-8">
              <nav aria-label="Breadcrumb" className="flex items-center gap-2 text-sm text-subtle">
                <Link to="/" className="hover:text-fg">
                  Home
                </Link>
                <span aria-hidden>/</span>
                <span>Legal</span>
              </nav>
              <div className="mt-5 flex items-center gap-3">
                <span className="flex size-11 items-center justify-center rounded-xl bg-brand-soft text-brand">
                  <Icon className="size-5" aria-hidden />
                </span>
                <h1 id="doc-title" className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">
                  {doc.title}
                </h1>
              </div>
              <p className="mt-4 text-sm text-subtle">
                Last updated: <time dateTime="2026-11-22">{LEGAL_LAST_UPDATED}</time>
              </p>
              <div className="mt-4 text-base leading-7 text-muted">{doc.summary}</div>
            </header>

            <details className="group mt-8 rounded-xl border border-line bg-surface lg:hidden">
              <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-semibold text-fg [&::-webkit-details-marker]:hidden">
                On this page
                <ChevronDown className="size-4 text-muted transition-transform group-open:rotate-180" aria-hidden />
              </summary>
              <div className="border-t border-line px-2 py-3">
                <TableOfContents sections={doc.sections} active={active} />
              </div>
            </details>

            {doc.sections.map((section, index) => (
              <section key={section.id} aria-labelledby={section.id} className="mt-12">
                <h2
                  id={section.id}
                  className="group scroll-mt-24 text-xl font-semibold tracking-tight text-fg sm:text-2xl"
                >
                  <a href={`#${section.id}`} className="inline-flex items-baseline gap-2 no-underline">
                    <span className="tabular-nums text-subtle">{index + 1}.</span>
                    <span>{section.title}</span>
                    <Hash
                      className="size-4 self-center text-subtle opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100"
                      aria-hidden
                    />
                  </a>
                </h2>
                <div className={`mt-4 ${PROSE_CLASS}`}>{section.body}</div>
              </section>
            ))}

            <div className="mt-14 rounded-2xl border border-line bg-surface p-6">
              <h2 className="text-base font-semibold text-fg">Questions about this page?</h2>
              <p className="mt-2 text-[15px] leading-7 text-muted">
                Write to <SupportEmailLink subject={`Question about the ${doc.title}`} /> and a person on our team will
                answer.
              </p>
            </div>

            <OtherPolicies current={doc.path} />
          </article>
        </div>
      </main>
    </PublicPage>
  );
}
