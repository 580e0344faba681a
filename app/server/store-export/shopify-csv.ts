/**
 * A Shopify product CSV made from a page, for merchants who import by hand (Products > Import)
 * instead of connecting their store, and the checker that proves a file follows the rules the
 * importer holds it to. The API tests and the unit tests use the same checker.
 *
 * Format: https://help.shopify.com/en/manual/products/import-export/using-csv ("Using CSV files to
 * import and export products", the product CSV description table) and its sample file
 * product_template.csv, in their current revision: "Title" first, then "URL handle",
 * "Description", "Published on online store", "Price", "Product image URL"… The columns are the
 * template's, in its order, without the optional ones a page has nothing for (unit prices, Google
 * Shopping, metafields, per-market prices): the importer leaves a missing optional column alone.
 * The checker also reads files with the names of the older template ("Handle", "Body (HTML)",
 * "Variant Price", "Image Src"…, LEGACY_CSV_COLUMNS), which Shopify's importer still accepts and
 * older exports hold. Recheck against a real import when Shopify changes the format.
 */
import type { PageProduct } from "~/domain/contracts/pages";
import { AppError } from "~/domain/errors";

export const SHOPIFY_CSV_COLUMNS = [
  "Title",
  "URL handle",
  "Description",
  "Vendor",
  "Product category",
  "Type",
  "Tags",
  "Published on online store",
  "Status",
  "SKU",
  "Barcode",
  "Option1 name",
  "Option1 value",
  "Option1 Linked To",
  "Option2 name",
  "Option2 value",
  "Option2 Linked To",
  "Option3 name",
  "Option3 value",
  "Option3 Linked To",
  "Price",
  "Compare-at price",
  "Cost per item",
  "Charge tax",
  "Tax code",
  "Inventory tracker",
  "Inventory quantity",
  "Continue selling when out of stock",
  "Weight value (grams)",
  "Weight unit for display",
  "Requires shipping",
  "Fulfillment service",
  "Product image URL",
  "Image position",
  "Image alt text",
  "Variant image URL",
  "Gift card",
  "SEO title",
  "SEO description",
] as const;
export type ShopifyCsvColumn = (typeof SHOPIFY_CSV_COLUMNS)[number];

/** The older template's names of the same columns: read (by the checker), never written. */
export const LEGACY_CSV_COLUMNS: Record<string, ShopifyCsvColumn> = {
  Handle: "URL handle",
  "Body (HTML)": "Description",
  Published: "Published on online store",
  "Variant SKU": "SKU",
  "Variant Barcode": "Barcode",
  "Variant Price": "Price",
  "Variant Compare At Price": "Compare-at price",
  "Variant Taxable": "Charge tax",
  "Variant Tax Code": "Tax code",
  "Variant Inventory Tracker": "Inventory tracker",
  "Variant Inventory Qty": "Inventory quantity",
  "Variant Inventory Policy": "Continue selling when out of stock",
  "Variant Grams": "Weight value (grams)",
  "Variant Weight Unit": "Weight unit for display",
  "Variant Requires Shipping": "Requires shipping",
  "Variant Fulfillment Service": "Fulfillment service",
  "Image Src": "Product image URL",
  "Variant Image": "Variant image URL",
};

/** The column a header cell names, in the current template's words: either template's name, in any letter case. */
export function csvColumnOf(name: string): ShopifyCsvColumn | null {
  const key = name.trim().toLowerCase();
  const current = SHOPIFY_CSV_COLUMNS.find((c) => c.toLowerCase() === key);
  if (current) return current;
  const legacy = Object.entries(LEGACY_CSV_COLUMNS).find(([old]) => old.toLowerCase() === key);
  return legacy ? legacy[1] : null;
}
type CsvRow = Partial<Record<ShopifyCsvColumn, string>>;

/** Columns that describe the product: set on a handle's first row only. */
const PRODUCT_COLUMNS: ShopifyCsvColumn[] = [
  "Title",
  "Description",
  "Vendor",
  "Product category",
  "Type",
  "Tags",
  "Published on online store",
  "Gift card",
  "SEO title",
  "SEO description",
  "Status",
];
const OPTION_NAME_COLUMNS = ["Option1 name", "Option2 name", "Option3 name"] as const;
const OPTION_VALUE_COLUMNS = ["Option1 value", "Option2 value", "Option3 value"] as const;
const IMAGE_COLUMNS: ShopifyCsvColumn[] = ["Product image URL", "Image position", "Image alt text"];
const HANDLE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,253}[a-z0-9])?$/;
const DECIMAL_PATTERN = /^\d+(?:\.\d+)?$/;
/** Shopify's own cap on variants per product in the CSV importer's era; a page holds 100 at most too. */
const VARIANTS_MAX = 100;

export interface ShopifyCsvInput {
  /** The product's handle in the store (the page's slug). */
  handle: string;
  product: PageProduct;
  descriptionHtml: string;
  seo: { title: string; description: string };
  /** Alt text per image URL; an image without one gets the product title. */
  imageAlts: Record<string, string>;
  /** Visible on the online store (Published TRUE, Status active) or kept a draft. */
  published: boolean;
}

interface CsvVariant {
  optionValues: string[];
  priceCents: number;
  compareAtPriceCents: number | null;
  sku: string | null;
}

const NO_PRICE = "Set a price before exporting: Shopify needs a price for every variant";

/** 1999 → "19.99": Shopify reads prices as decimals in the store's currency. */
function decimal(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

function cartesian(lists: string[][]): string[][] {
  return lists.reduce<string[][]>((acc, values) => acc.flatMap((prefix) => values.map((v) => [...prefix, v])), [[]]);
}

/** The variants the CSV lists, each with its option values in the options' order and a price. */
function csvVariants(product: PageProduct): { optionNames: string[]; variants: CsvVariant[] } {
  const priceOf = (cents: number | null) => {
    const price = cents ?? product.priceCents;
    if (price === null) throw new AppError("VALIDATION", NO_PRICE);
    return price;
  };
  const options = product.options;
  if (options.length === 0) {
    // Shopify's product without options: one variant under the option "Title" / "Default Title".
    if (product.variants.length > 1) {
      throw new AppError(
        "VALIDATION",
        "This product has several variants but no options: add an option (such as Size) with a value for each variant before exporting.",
      );
    }
    const only = product.variants[0];
    return {
      optionNames: ["Title"],
      variants: [
        {
          optionValues: ["Default Title"],
          priceCents: priceOf(only?.priceCents ?? null),
          compareAtPriceCents: only?.compareAtPriceCents ?? product.compareAtPriceCents,
          sku: only?.sku ?? null,
        },
      ],
    };
  }
  const names = options.map((o) => o.name);
  if (new Set(names.map((n) => n.toLowerCase())).size !== names.length) {
    throw new AppError("VALIDATION", "Two options share a name: give each option its own name before exporting.");
  }
  // Options without variants: every combination of their values, as Shopify's admin makes them.
  const variants: CsvVariant[] =
    product.variants.length > 0
      ? product.variants.map((v) => {
          const values = options.map((o, i) => v.optionValues[i]?.trim() ?? "");
          const missing = options.find((_, i) => !values[i]);
          if (missing)
            throw new AppError(
              "VALIDATION",
              `The variant "${v.title}" has no ${missing.name}: set a value for every option before exporting.`,
            );
          return {
            optionValues: values,
            priceCents: priceOf(v.priceCents),
            compareAtPriceCents: v.compareAtPriceCents ?? product.compareAtPriceCents,
            sku: v.sku,
          };
        })
      : cartesian(options.map((o) => o.values)).map((values) => ({
          optionValues: values,
          priceCents: priceOf(null),
          compareAtPriceCents: product.compareAtPriceCents,
          sku: null,
        }));
  if (variants.length > VARIANTS_MAX) {
    throw new AppError(
      "VALIDATION",
      `Shopify imports ${VARIANTS_MAX} variants per product at most; this product's options make ${variants.length}.`,
    );
  }
  const seen = new Set<string>();
  for (const v of variants) {
    const key = JSON.stringify(v.optionValues.map((x) => x.toLowerCase()));
    if (seen.has(key))
      throw new AppError(
        "VALIDATION",
        `Two variants are both ${v.optionValues.join(" / ")}: each variant needs its own combination of option values.`,
      );
    seen.add(key);
  }
  return { optionNames: names, variants };
}

/** The product's rows: the first carries the product and its first variant, then one row per further variant, then image-only rows. */
export function shopifyProductRows(input: ShopifyCsvInput): string[][] {
  const { handle, product } = input;
  if (!HANDLE_PATTERN.test(handle)) {
    throw new AppError(
      "VALIDATION",
      "The handle must be lowercase letters, digits and dashes, not starting or ending with a dash.",
    );
  }
  const notDownloadable = product.images.find((url) => !/^https?:\/\//i.test(url));
  if (notDownloadable) {
    // Shopify downloads every Product image URL itself, so a path on our own site is not enough.
    throw new AppError(
      "VALIDATION",
      `Shopify can only import images from a full http(s) address; "${notDownloadable}" is not one.`,
    );
  }
  const { optionNames, variants } = csvVariants(product);

  const rows: CsvRow[] = variants.map((variant, i) => {
    const row: CsvRow = { "URL handle": handle };
    optionNames.forEach((name, o) => {
      if (i === 0) row[OPTION_NAME_COLUMNS[o]!] = name;
      row[OPTION_VALUE_COLUMNS[o]!] = variant.optionValues[o]!;
    });
    Object.assign(row, {
      SKU: variant.sku ?? "",
      // Untracked inventory: the supplier holds the stock, so the store never sells out on its own count.
      "Continue selling when out of stock": "DENY",
      "Fulfillment service": "manual",
      Price: decimal(variant.priceCents),
      // A compare-at price at or below the price would show a saving that isn't one.
      "Compare-at price":
        variant.compareAtPriceCents !== null && variant.compareAtPriceCents > variant.priceCents
          ? decimal(variant.compareAtPriceCents)
          : "",
      "Requires shipping": "TRUE",
      "Charge tax": "TRUE",
      // A variant column in Shopify's product CSV: what the merchant pays per unit (the record's cost), for margin reports.
      "Cost per item": product.costCents !== null && product.costCents !== undefined ? decimal(product.costCents) : "",
      // The page's barcode names one item: only a single-variant product carries it.
      Barcode: product.gtin && variants.length === 1 ? product.gtin : "",
    } satisfies CsvRow);
    return row;
  });

  // Unknown facts (weight, category, tags) stay empty: a guess would be imported as true.
  Object.assign(rows[0]!, {
    Title: product.title,
    Description: input.descriptionHtml,
    Vendor: product.vendor ?? "",
    Type: product.productType ?? "",
    "Published on online store": input.published ? "TRUE" : "FALSE",
    "Gift card": "FALSE",
    "SEO title": input.seo.title,
    "SEO description": input.seo.description,
    Status: input.published ? "active" : "draft",
  } satisfies CsvRow);

  product.images.forEach((url, i) => {
    const image: CsvRow = {
      "Product image URL": url,
      "Image position": String(i + 1),
      "Image alt text": input.imageAlts[url] ?? product.title,
    };
    // Images ride on the variant rows first; the rest get rows of their own.
    if (i < rows.length) Object.assign(rows[i]!, image);
    else rows.push({ "URL handle": handle, ...image });
  });

  return rows.map((row) => SHOPIFY_CSV_COLUMNS.map((column) => row[column] ?? ""));
}

/** The whole file: header and the product's rows, RFC 4180, CRLF line ends. */
export function shopifyProductCsv(input: ShopifyCsvInput): string {
  return serializeCsv([[...SHOPIFY_CSV_COLUMNS], ...shopifyProductRows(input)]);
}

// ---------------------------------------------------------------------------------------------
// RFC 4180

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** RFC 4180: fields with a comma, quote or line break quoted, quotes doubled, every record ended by CRLF. */
export function serializeCsv(rows: string[][]): string {
  return rows.map((row) => row.map(csvField).join(",") + "\r\n").join("");
}

/**
 * A strict RFC 4180 reader. papaparse (already a dependency) is lenient on purpose: it guesses
 * the line end and repairs stray quotes, while a checker has to report exactly those.
 */
export function parseCsv(text: string): { rows: string[][]; errors: string[] } {
  const rows: string[][] = [];
  const errors: string[] = [];
  let row: string[] = [];
  let field = "";
  let i = 0;
  const record = () => rows.length + 1;
  while (i < text.length) {
    if (text[i] === '"' && field === "") {
      // Quoted field: runs to the closing quote; "" inside is one quote.
      let j = i + 1;
      let closed = false;
      while (j < text.length) {
        if (text[j] === '"') {
          if (text[j + 1] === '"') {
            field += '"';
            j += 2;
            continue;
          }
          closed = true;
          break;
        }
        field += text[j];
        j++;
      }
      if (!closed) {
        errors.push(`row ${record()}: a quoted field is never closed`);
        row.push(field);
        rows.push(row);
        return { rows, errors };
      }
      i = j + 1;
      if (i < text.length && text[i] !== "," && !text.startsWith("\r\n", i)) {
        errors.push(`row ${record()}: text after a closing quote (quote the whole field and double the quotes inside)`);
        while (i < text.length && text[i] !== "," && !text.startsWith("\r\n", i)) field += text[i++];
      }
      continue;
    }
    const c = text[i]!;
    if (c === ",") {
      row.push(field);
      field = "";
      i++;
    } else if (text.startsWith("\r\n", i)) {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i += 2;
    } else if (c === "\n" || c === "\r") {
      errors.push(
        `row ${record()}: a line ends with a bare ${c === "\n" ? "LF" : "CR"}; records end with CRLF and line breaks inside a field are quoted`,
      );
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else {
      if (c === '"')
        errors.push(`row ${record()}: a quote inside an unquoted field (quote the field and double the quote)`);
      field += c;
      i++;
    }
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
    errors.push(`row ${record() - 1}: the last record does not end with CRLF`);
  }
  return { rows, errors };
}

// ---------------------------------------------------------------------------------------------
// Checker

const BOOLEAN_COLUMNS: ShopifyCsvColumn[] = ["Published on online store", "Requires shipping", "Charge tax", "Gift card"];
const STATUSES = ["active", "draft", "archived"];
const INVENTORY_POLICIES = ["deny", "continue"];
/** What a file needs for the checker to read a product at all. */
const REQUIRED_COLUMNS: ShopifyCsvColumn[] = ["Title", "URL handle", "Option1 name", "Option1 value", "Price"];

/** Every way `csv` breaks the product CSV rules; empty when it imports cleanly. Rows are numbered as in the file (the header is row 1). */
export function checkShopifyProductCsv(csv: string): string[] {
  const { rows, errors } = parseCsv(csv);
  const problems = [...errors];
  const [header, ...records] = rows;
  if (!header) return [...problems, "row 1: the file has no header"];
  // Columns are found by name, in the current template's words or the older one's (the importer reads both).
  const col = new Map<ShopifyCsvColumn, number>();
  const headerProblems: string[] = [];
  header.forEach((name, i) => {
    const column = csvColumnOf(name);
    if (!column) headerProblems.push(`row 1: column ${i + 1} "${name}" is not one of Shopify's product columns`);
    else if (col.has(column)) headerProblems.push(`row 1: column ${i + 1} "${name}" repeats the "${column}" column`);
    else col.set(column, i);
  });
  for (const required of REQUIRED_COLUMNS) if (!col.has(required)) headerProblems.push(`row 1: the header has no "${required}" column`);
  if (headerProblems.length > 0) return [...problems, ...headerProblems];
  if (records.length === 0) return [...problems, "the file has no product rows"];
  const finished = new Set<string>();
  let current: { handle: string; optionCount: number; combinations: Set<string>; nextImage: number } | null = null;

  records.forEach((fields, index) => {
    const n = index + 2;
    const at = (c: ShopifyCsvColumn) => (col.has(c) ? (fields[col.get(c)!] ?? "") : "");
    const say = (message: string) => problems.push(`row ${n}: ${message}`);
    if (fields.length !== header.length) {
      say(`has ${fields.length} fields; every row has ${header.length}`);
      return;
    }
    const handle = at("URL handle");
    if (!handle) return void say("URL handle is empty; every row names its product's handle");
    if (!HANDLE_PATTERN.test(handle)) say(`URL handle "${handle}" must be lowercase letters, digits and dashes`);

    const first = current?.handle !== handle;
    if (first) {
      if (current) finished.add(current.handle);
      if (finished.has(handle))
        say(`the rows of "${handle}" are not together; a handle seen again later starts a second product`);
      current = { handle, optionCount: 0, combinations: new Set(), nextImage: 1 };
    }
    const product = current!;
    const values = OPTION_VALUE_COLUMNS.map((c) => at(c));
    const isVariant = first || values.some(Boolean);

    if (first) {
      if (!at("Title")) say(`the first row of "${handle}" has no Title`);
      const names = OPTION_NAME_COLUMNS.map((c) => at(c));
      product.optionCount = names.filter(Boolean).length;
      if (!names[0]) say("Option1 name is empty (a product without options uses Title / Default Title)");
      if (names.some((name, i) => name && names.slice(0, i).some((x) => !x)))
        say("option names skip a number (Option2 name set without Option1 name, or Option3 without Option2)");
      if (new Set(names.filter(Boolean).map((x) => x.toLowerCase())).size !== product.optionCount)
        say("two options share a name");
    } else {
      for (const c of OPTION_NAME_COLUMNS)
        if (at(c)) say(`${c} is set on a row after the first; option names go on the product's first row only`);
      for (const c of PRODUCT_COLUMNS)
        if (at(c)) say(`${c} is set on a row after the first; product fields go on the product's first row only`);
    }

    if (isVariant) {
      values.forEach((value, i) => {
        if (i < product.optionCount && !value)
          say(`Option${i + 1} value is empty; every variant has a value for each option`);
        if (i >= product.optionCount && value)
          say(`Option${i + 1} value is set but the product has no Option${i + 1} name`);
      });
      const combination = JSON.stringify(values.map((v) => v.toLowerCase()));
      if (product.combinations.has(combination))
        say(`the option values ${values.filter(Boolean).join(" / ")} repeat an earlier variant's`);
      product.combinations.add(combination);
      if (!DECIMAL_PATTERN.test(at("Price")))
        say(`Price "${at("Price")}" is not a decimal like 19.99`);
      const compareAt = at("Compare-at price");
      if (compareAt && !DECIMAL_PATTERN.test(compareAt))
        say(`Compare-at price "${compareAt}" is not a decimal like 24.99`);
      const policy = at("Continue selling when out of stock");
      if (policy && !INVENTORY_POLICIES.includes(policy.toLowerCase()))
        say(`Continue selling when out of stock "${policy}" must be DENY or CONTINUE`);
      const cost = at("Cost per item");
      if (cost && !DECIMAL_PATTERN.test(cost)) say(`Cost per item "${cost}" is not a decimal like 12.50`);
    } else {
      const extra = SHOPIFY_CSV_COLUMNS.filter((c) => c !== "URL handle" && !IMAGE_COLUMNS.includes(c) && at(c));
      if (extra.length)
        say(
          `an image row carries ${extra.join(", ")}; a row without option values holds only URL handle and the image columns`,
        );
      if (!at("Product image URL")) say("the row has neither option values nor a Product image URL");
    }

    const src = at("Product image URL");
    if (src) {
      if (!/^https?:\/\/\S+$/i.test(src)) say(`Product image URL "${src}" is not an http(s) address Shopify can download`);
      const position = at("Image position");
      if (position !== String(product.nextImage))
        say(`Image position "${position}" should be ${product.nextImage}: positions count up from 1 in file order`);
      product.nextImage = (Number.parseInt(position, 10) || product.nextImage) + 1;
    } else if (at("Image position") || at("Image alt text")) {
      say("Image position or Image alt text is set without a Product image URL");
    }

    for (const c of BOOLEAN_COLUMNS) {
      const v = at(c);
      if (v && !["TRUE", "FALSE"].includes(v.toUpperCase())) say(`${c} "${v}" must be TRUE or FALSE`);
    }
    const status = at("Status");
    if (status && !STATUSES.includes(status.toLowerCase())) say(`Status "${status}" must be active, draft or archived`);
  });
  return problems;
}
