/** Shared class lists of the billing surfaces (semantic colour tokens only). */
export const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-xl bg-brand-strong px-5 text-sm font-semibold text-white shadow-lg shadow-brand/25 transition-[background-color,box-shadow,opacity] hover:bg-brand hover:shadow-brand/40 disabled:cursor-not-allowed disabled:opacity-70";

export const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-xl border border-line bg-surface px-5 text-sm font-semibold text-fg transition-colors hover:border-brand/50 hover:bg-surface-2 disabled:cursor-not-allowed disabled:opacity-70";

export const ghostButton =
  "inline-flex items-center justify-center gap-2 rounded-xl px-4 text-sm font-medium text-muted transition-colors hover:bg-surface-2 hover:text-fg";

export const card = "rounded-2xl border border-line bg-surface";
