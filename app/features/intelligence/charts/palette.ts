/** Categorical colours for chart series: distinct in both themes, in the order series are drawn. */
export const SERIES_COLORS = ["#7c5cff", "#22d3a6", "#38bdf8", "#f59e0b", "#f43f5e", "#a3e635", "#e879f9", "#94a3b8"] as const;

export const colorAt = (i: number) => SERIES_COLORS[i % SERIES_COLORS.length];

/** Whole numbers with thousands separators. */
export const formatCount = (n: number) => n.toLocaleString("en-US");
export const formatPct = (n: number) => `${n.toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
export const formatSignedPct = (n: number) => `${n > 0 ? "+" : n < 0 ? "−" : ""}${Math.abs(n).toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
