import Markdown, { type MarkdownToJSX } from "markdown-to-jsx/react";
import { Children, isValidElement, memo, type ReactNode } from "react";
import { CopyButton } from "./copy-button";

/** The plain text inside rendered children (for copying a code block). */
function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === "boolean") return "";
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return "";
}

function CodeBlock({ children }: { children?: ReactNode }) {
  const child = Children.toArray(children)[0];
  const className = isValidElement<{ className?: string }>(child) ? (child.props.className ?? "") : "";
  const language = /(?:lang|language)-([\w+#-]+)/.exec(className)?.[1];
  const code = textOf(children).replace(/\n$/, "");
  return (
    <div className="group/code my-4 overflow-hidden rounded-xl border border-line bg-bg-elevated">
      <div className="flex h-9 items-center justify-between border-b border-line bg-surface-2/60 pl-3.5 pr-1.5 text-xs text-subtle">
        <span className="font-medium">{language ?? "text"}</span>
        <CopyButton text={code} label="Copy code" size="sm" />
      </div>
      <pre className="overflow-x-auto p-3.5 font-mono text-[13px] leading-relaxed text-fg [scrollbar-width:thin]">
        {children}
      </pre>
    </div>
  );
}

function Table({ children }: { children?: ReactNode }) {
  return (
    <div
      className="my-5 overflow-x-auto rounded-xl border border-line [scrollbar-width:thin]"
      role="region"
      aria-label="Table"
      tabIndex={0}
    >
      <table className="w-full border-collapse text-left text-sm tabular-nums">{children}</table>
    </div>
  );
}

/** What a number marked `[n](#unverified)` by the answer check means to the merchant. */
export const UNVERIFIED_NOTE = "Not in the records this answer cites: check it before you rely on it.";

function Anchor({ href, title, children }: { href?: string; title?: string; children?: ReactNode }) {
  if (href === "#unverified") {
    return (
      <span
        className="cursor-help rounded-sm bg-warning/10 px-0.5 underline decoration-warning decoration-dotted underline-offset-2"
        title={UNVERIFIED_NOTE}
        data-testid="chat-unverified"
      >
        {children}
        <span className="sr-only"> (unverified: {UNVERIFIED_NOTE})</span>
      </span>
    );
  }
  const external = Boolean(href && /^https?:\/\//i.test(href));
  return (
    <a
      href={href}
      title={title}
      {...(external ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}
      className="font-medium text-brand underline decoration-brand/40 underline-offset-2 transition-colors hover:decoration-brand"
    >
      {children}
      {external && <span className="sr-only"> (opens in a new tab)</span>}
    </a>
  );
}

const OVERRIDES: MarkdownToJSX.Overrides = {
  h1: { props: { className: "mb-3 mt-6 text-xl font-semibold tracking-tight text-fg first:mt-0" } },
  h2: { props: { className: "mb-2.5 mt-6 text-lg font-semibold tracking-tight text-fg first:mt-0" } },
  h3: { props: { className: "mb-2 mt-5 text-base font-semibold text-fg first:mt-0" } },
  h4: { props: { className: "mb-2 mt-4 text-[15px] font-semibold text-fg first:mt-0" } },
  h5: { props: { className: "mb-1.5 mt-4 text-sm font-semibold text-fg first:mt-0" } },
  h6: { props: { className: "mb-1.5 mt-4 text-sm font-semibold text-muted first:mt-0" } },
  p: { props: { className: "my-3 first:mt-0 last:mb-0" } },
  ul: { props: { className: "my-3 list-disc space-y-1.5 pl-6 marker:text-subtle" } },
  ol: { props: { className: "my-3 list-decimal space-y-1.5 pl-6 marker:text-subtle" } },
  li: { props: { className: "pl-1 [&>ol]:my-1.5 [&>p]:my-1 [&>ul]:my-1.5" } },
  blockquote: { props: { className: "my-4 border-l-2 border-brand/50 pl-4 italic text-muted" } },
  hr: { props: { className: "my-6 border-line" } },
  strong: { props: { className: "font-semibold text-fg" } },
  a: Anchor,
  code: {
    props: {
      className:
        "rounded-md bg-surface-2 px-1.5 py-0.5 font-mono text-[0.85em] text-fg [pre_&]:bg-transparent [pre_&]:p-0 [pre_&]:text-[13px]",
    },
  },
  pre: CodeBlock,
  table: Table,
  thead: { props: { className: "bg-surface-2/70 text-xs uppercase tracking-wide text-muted" } },
  th: { props: { className: "whitespace-nowrap border-b border-line px-3.5 py-2.5 font-semibold" } },
  td: { props: { className: "whitespace-nowrap border-t border-line/70 px-3.5 py-2.5 align-top text-fg/90" } },
  tr: { props: { className: "transition-colors hover:bg-surface-2/40" } },
  img: { props: { className: "my-3 max-h-96 max-w-full rounded-xl border border-line", loading: "lazy" } },
};

const BASE_OPTIONS: MarkdownToJSX.Options = {
  forceBlock: true,
  disableParsingRawHTML: true,
  overrides: OVERRIDES,
};
const STREAMING_OPTIONS: MarkdownToJSX.Options = { ...BASE_OPTIONS, optimizeForStreaming: true };

/**
 * An answer's markdown as React elements (never innerHTML): GFM tables, lists, code blocks
 * with a copy button, links that open in a new tab. Raw HTML in an answer stays text. While
 * streaming, half-written syntax is held back so no raw `**` or `|` flashes.
 */
export const MarkdownContent = memo(function MarkdownContent({
  content,
  streaming = false,
  className = "",
}: {
  content: string;
  streaming?: boolean;
  className?: string;
}) {
  return (
    <Markdown
      className={`min-w-0 break-words text-[15px] leading-7 text-fg ${className}`}
      options={streaming ? STREAMING_OPTIONS : BASE_OPTIONS}
    >
      {content}
    </Markdown>
  );
});
