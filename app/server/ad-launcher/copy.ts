/**
 * Ad copy from the product's record only (POST /api/ad-launcher/copy): three variants of primary
 * text, headline and description, each sentence built from a fact the record holds (its title,
 * its own description's sentences, price and compare-at price, options, shipping days, what is in
 * the box), never a review, a rating, a guarantee or a claim the record does not make. `facts`
 * lists what was used, with where it came from, so the merchant can check every word.
 * The built-in writer; a model writer can come later behind the same answer (`writer`).
 */
import { AD_COPY_LIMITS, AD_COPY_VARIANTS, type AdCopyField } from "~/domain/ad-launcher";
import type { AdCopyVariant } from "~/domain/contracts/ad-launcher";
import type { PageProduct } from "~/domain/contracts/pages";
import { AppError } from "~/domain/errors";
import { CURRENCY } from "~/domain/pricing";
import { findCatalogProduct } from "../../../db/catalog";
import type { Database } from "../../../db/client";
import { findPage } from "../../../db/pages";

export interface CopyFacts {
  title: string;
  sentences: string[];
  currency: string;
  priceCents: number | null;
  compareAtPriceCents: number | null;
  options: { name: string; values: string[] }[];
  shippingDays: number | null;
  inTheBox: string[];
  source: string;
}

async function factsOf(db: Database, userId: number, ref: string): Promise<CopyFacts> {
  const [kind, ...rest] = ref.split(":");
  const id = rest.join(":");
  if (kind === "page" && id) {
    const page = await findPage(db, userId, id);
    if (page) {
      const p = page.product as PageProduct;
      return {
        title: p.title,
        sentences: sentencesOf(p.description ?? ""),
        currency: p.currency ?? CURRENCY,
        priceCents: p.priceCents ?? null,
        compareAtPriceCents: p.compareAtPriceCents ?? null,
        options: (p.options ?? []).filter((o) => o.values.length > 1),
        shippingDays: p.shippingDays ?? null,
        inTheBox: p.inTheBox ?? [],
        source: "your page's product",
      };
    }
  } else if ((kind === "catalog" || kind === "import") && id) {
    const found = await findCatalogProduct(db, userId, id);
    if (found) {
      const c = found.product;
      return {
        title: c.name,
        sentences: [],
        currency: CURRENCY,
        priceCents: c.priceCents,
        compareAtPriceCents: c.compareAtPriceCents,
        options: [],
        shippingDays: c.shippingDays,
        inTheBox: [],
        source: kind === "import" ? "your imported product" : "the catalog record",
      };
    }
  }
  throw new AppError("NOT_FOUND", `The product ${ref} was not found among your catalog, imports and pages.`);
}

export function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 12 && s.length <= 200 && /[a-z]/i.test(s));
}

function money(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** Cuts at a word boundary to Meta's recommended length for the field. */
export function fit(field: AdCopyField, text: string): string {
  const limit = AD_COPY_LIMITS[field].recommended;
  const clean = text.replace(/\s+/g, " ").trim();
  if ([...clean].length <= limit) return clean;
  const cut = clean.slice(0, limit - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

/** Three variants from the facts; every phrase is a fact or a plain invitation ("Shop the …"). */
export function writeVariants(f: CopyFacts): AdCopyVariant[] {
  const price = f.priceCents != null ? money(f.priceCents, f.currency) : null;
  const was = f.compareAtPriceCents != null && f.priceCents != null && f.compareAtPriceCents > f.priceCents ? money(f.compareAtPriceCents, f.currency) : null;
  const savePct = was ? Math.round((1 - f.priceCents! / f.compareAtPriceCents!) * 100) : null;
  const priceLine = was ? `Now ${price}, was ${was}.` : price ? `${price}.` : "";
  const [first, second] = f.sentences;
  const option = f.options[0];
  const optionLine = option ? `Choose your ${option.name.toLowerCase()}: ${option.values.slice(0, 4).join(", ")}.` : "";
  const shipping = f.shippingDays != null ? `Ships in ${f.shippingDays} day${f.shippingDays === 1 ? "" : "s"}` : null;
  const box = f.inTheBox.length ? `In the box: ${f.inTheBox.slice(0, 3).join(", ")}.` : "";

  const variants: AdCopyVariant[] = [
    {
      primaryText: fit("primaryText", [first ?? f.title + ".", priceLine].filter(Boolean).join(" ")),
      headline: fit("headline", f.title),
      description: fit("description", savePct ? `Save ${savePct}%` : (price ?? shipping ?? "Shop now")),
    },
    {
      primaryText: fit("primaryText", [`${f.title}.`, second ?? first ?? "", optionLine].filter(Boolean).join(" ")),
      headline: fit("headline", price ? `${f.title} · ${price}` : `Shop the ${f.title}`),
      description: fit("description", shipping ?? (was ? `Was ${was}` : "Order online")),
    },
    {
      primaryText: fit("primaryText", [box || optionLine || first || `${f.title}.`, priceLine].filter(Boolean).join(" ")),
      headline: fit("headline", `Get the ${f.title}`),
      description: fit("description", price ? `Only ${price}` : "See the details"),
    },
  ];
  return variants.slice(0, AD_COPY_VARIANTS);
}

export async function writeAdCopy(deps: { db: Database }, userId: number, productRef: string) {
  const f = await factsOf(deps.db, userId, productRef);
  const facts = [
    { label: "Title", value: f.title, source: f.source },
    ...(f.priceCents != null ? [{ label: "Price", value: money(f.priceCents, f.currency), source: f.source }] : []),
    ...(f.compareAtPriceCents != null ? [{ label: "Compare-at price", value: money(f.compareAtPriceCents, f.currency), source: f.source }] : []),
    ...f.sentences.slice(0, 2).map((s) => ({ label: "Description", value: s, source: f.source })),
    ...(f.options[0] ? [{ label: f.options[0].name, value: f.options[0].values.join(", "), source: f.source }] : []),
    ...(f.shippingDays != null ? [{ label: "Shipping time", value: `${f.shippingDays} days`, source: f.source }] : []),
    ...(f.inTheBox.length ? [{ label: "In the box", value: f.inTheBox.join(", "), source: f.source }] : []),
  ];
  return { variants: writeVariants(f), facts, writer: "built-in" as const };
}
