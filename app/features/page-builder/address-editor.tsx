/**
 * The page's public address, /p/<slug>, with an Edit control: the field normalises as the merchant
 * types (lowercase, spaces to dashes), states the rule, shows the server's refusal (an address
 * another page holds) in place, and saves on confirm. Changing a live page's address takes it
 * offline at the old one (the server unpublishes it), so that asks first.
 */
import { useMutation } from "@tanstack/react-query";
import { Link2, PenLine } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { Page } from "~/domain/contracts/pages";
import { savePage } from "~/features/pages";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Button, ConfirmDialog, Field, cx } from "~/ui";
import { finalSlug, SLUG_MAX, SLUG_RULE, slugProblem, typedSlug } from "./editor-logic";
import type { PageEditor } from "./use-page-editor";

export const publicPathOf = (slug: string) => `/p/${slug}`;

export function AddressEditor({ page, editor, className }: { page: Page; editor: PageEditor; className?: string }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(page.slug);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const live = page.status === "published";

  useEffect(() => {
    if (editing) input.current?.focus();
  }, [editing]);

  const save = useMutation({
    // Pending edits are saved first, so the address change is made on the newest revision.
    mutationFn: async (slug: string) => {
      const current = await editor.flush();
      return savePage(page.id, { slug, baseRevision: current.revision });
    },
    onSuccess: (next) => {
      const wasLive = live;
      editor.sync(next);
      setConfirming(false);
      setEditing(false);
      setProblem(null);
      notify({
        title: "Address saved",
        description: wasLive
          ? `The page is offline until you publish it again at ${publicPathOf(next.slug)}.`
          : `Publish to open it at ${publicPathOf(next.slug)}.`,
        variant: "success",
      });
      setTimeout(() => editButton.current?.focus(), 0);
    },
    onError: (err) => {
      setConfirming(false);
      setProblem(errorMessage(err, "The address could not be saved. Please try again."));
      setTimeout(() => input.current?.focus(), 0);
    },
  });

  const start = () => {
    setText(page.slug);
    setProblem(null);
    setEditing(true);
  };
  const cancel = () => {
    setEditing(false);
    setProblem(null);
    setTimeout(() => editButton.current?.focus(), 0);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const slug = finalSlug(text);
    setText(slug);
    const wrong = slugProblem(slug);
    if (wrong) return setProblem(wrong);
    if (slug === page.slug) return cancel();
    if (live) return setConfirming(true);
    save.mutate(slug);
  };
  const next = finalSlug(text);

  if (!editing) {
    return (
      <div className={cx("flex min-w-0 items-center gap-2", className)} data-testid="pb-address">
        {live ? (
          <a
            href={page.publicUrl ?? publicPathOf(page.slug)}
            target="_blank"
            rel="noopener noreferrer"
            className="min-w-0 truncate text-sm text-brand underline-offset-2 hover:underline"
            data-testid="pb-public-url"
          >
            {(page.publicUrl ?? publicPathOf(page.slug)).replace(/^https?:\/\//, "")}
          </a>
        ) : (
          <span className="min-w-0 truncate font-mono text-[13px] text-fg" data-testid="pb-address-path">
            {publicPathOf(page.slug)}
          </span>
        )}
        <Button
          ref={editButton}
          variant="link"
          size="sm"
          onClick={start}
          icon={<PenLine className="size-3.5" aria-hidden />}
          aria-label="Edit the page’s address"
          data-testid="pb-address-edit"
          className="inline-flex shrink-0 items-center gap-1 text-sm"
        >
          Edit
        </Button>
      </div>
    );
  }

  return (
    <form
      onSubmit={submit}
      className={cx("mt-1 w-full max-w-xl", className)}
      data-testid="pb-address-form"
      id={formId}
      noValidate
    >
      <Field
        // The bar around it already says "Page address" (or "Live"): the label is for screen readers.
        label={<span className="sr-only">Page address</span>}
        hint={`${SLUG_RULE} Spaces become dashes as you type.`}
        error={problem ?? undefined}
        id={`${formId}-slug`}
      >
        <div className="flex min-w-0 items-stretch">
          <span
            aria-hidden
            className="grid place-items-center rounded-l-lg border border-r-0 border-line bg-surface-2 px-2.5 font-mono text-[13px] text-muted"
          >
            /p/
          </span>
          <input
            ref={input}
            value={text}
            maxLength={SLUG_MAX + 8}
            autoComplete="off"
            spellCheck={false}
            aria-label="Page address after /p/"
            onChange={(e) => {
              setText(typedSlug(e.target.value));
              setProblem(null);
            }}
            onKeyDown={(e) => {
              if (e.key === "Escape") {
                e.preventDefault();
                cancel();
              }
            }}
            className="block h-10 min-w-0 flex-1 rounded-r-lg border border-line bg-bg-elevated px-3 font-mono text-[15px] text-fg shadow-sm outline-none focus:border-brand focus:ring-3 focus:ring-brand/25 aria-[invalid=true]:border-danger sm:text-sm"
            data-testid="pb-address-input"
          />
        </div>
      </Field>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" loading={save.isPending} data-testid="pb-address-save">
          Save address
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={cancel} disabled={save.isPending}>
          Cancel
        </Button>
        <span className="flex min-w-0 items-center gap-1 text-xs text-muted">
          <Link2 aria-hidden className="size-3.5 shrink-0" />
          <span className="truncate">{publicPathOf(next || "…")}</span>
        </span>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Change the live page’s address?"
        description={`Links to ${publicPathOf(page.slug)} stop working: the page goes offline there, and you publish it again to put it live at ${publicPathOf(next)}.`}
        confirmLabel="Change the address"
        danger
        pending={save.isPending}
        onConfirm={() => save.mutate(next)}
        data-testid="pb-address-confirm"
      >
        <p className="text-sm text-muted">
          Ads, emails and posts that point to the old address will show a “not found” page.
        </p>
      </ConfirmDialog>
    </form>
  );
}
