/**
 * An article's Markdown as React elements: `##` headings carry the anchors the table of contents
 * links to (the same headingId the server lists), in-app links navigate without a reload, tables
 * scroll inside their own box on a phone, raw HTML stays text.
 */
import { Link } from "@remix-run/react";
import Markdown, { type MarkdownToJSX } from "markdown-to-jsx/react";
import { Children, isValidElement, memo, type ReactNode } from "react";
import { headingId } from "~/domain/help";

function textOf(node: ReactNode): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return "";
}

function Heading2({ children }: { children?: ReactNode }) {
  return (
    <h2 id={headingId(textOf(Children.toArray(children)))} className="mb-3 mt-9 scroll-mt-24 text-xl font-semibold tracking-tight text-fg first:mt-0">
      {children}
    </h2>
  );
}

function Anchor({ href = "", children }: { href?: string; children?: ReactNode }) {
  const className = "font-medium text-brand underline decoration-brand/40 underline-offset-2 hover:decoration-brand";
  if (href.startsWith("/")) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  );
}

function Table({ children }: { children?: ReactNode }) {
  return (
    <div className="my-4 overflow-x-auto rounded-xl border border-line">
      <table className="w-full border-collapse text-left text-sm tabular-nums">{children}</table>
    </div>
  );
}

const OVERRIDES: MarkdownToJSX.Overrides = {
  h2: Heading2,
  h3: { props: { className: "mb-2 mt-6 text-base font-semibold text-fg" } },
  p: { props: { className: "my-3" } },
  ul: { props: { className: "my-3 list-disc space-y-1.5 pl-6 marker:text-subtle" } },
  ol: { props: { className: "my-3 list-decimal space-y-1.5 pl-6 marker:text-subtle" } },
  strong: { props: { className: "font-semibold text-fg" } },
  code: { props: { className: "break-words rounded bg-surface-2 px-1 py-0.5 font-mono text-[0.9em] text-fg" } },
  a: Anchor,
  table: Table,
  thead: { props: { className: "bg-surface-2/70 text-xs text-muted" } },
  th: { props: { className: "whitespace-nowrap border-b border-line px-3 py-2 font-semibold" } },
  td: { props: { className: "border-t border-line/70 px-3 py-2 align-top text-fg/90" } },
};
const OPTIONS: MarkdownToJSX.Options = { forceBlock: true, disableParsingRawHTML: true, disableAutoLink: true, overrides: OVERRIDES };

export const ArticleMarkdown = memo(function ArticleMarkdown({ markdown }: { markdown: string }) {
  return (
    <Markdown className="min-w-0 break-words text-[15px] leading-7 text-fg/90" options={OPTIONS}>
      {markdown}
    </Markdown>
  );
});
