import { describe, expect, it } from "vitest";
import type { PageProduct } from "~/domain/contracts/pages";
import { AppError } from "~/domain/errors";
import {
  LEGACY_CSV_COLUMNS,
  SHOPIFY_CSV_COLUMNS,
  checkShopifyProductCsv,
  parseCsv,
  serializeCsv,
  shopifyProductCsv,
  type ShopifyCsvColumn,
  type ShopifyCsvInput,
} from "~/server/store-export/shopify-csv";

const IMG = ["https://cdn.example.com/a.jpg", "https://cdn.example.com/b.jpg", "https://cdn.example.com/c.jpg"];

function product(overrides: Partial<PageProduct> = {}): PageProduct {
  return {
    title: "Trail Bottle",
    description: "",
    images: [],
    priceCents: 2499,
    compareAtPriceCents: null,
    currency: "USD",
    options: [],
    variants: [],
    specs: [],
    inTheBox: [],
    vendor: "Peak Gear",
    productType: "Water bottles",
    ...overrides,
  };
}

function input(overrides: Partial<ShopifyCsvInput> = {}): ShopifyCsvInput {
  return {
    handle: "trail-bottle",
    product: product(),
    descriptionHtml: "<p>Keeps water cold.</p>",
    seo: { title: "Trail Bottle | Peak Gear", description: "A bottle for the trail." },
    imageAlts: {},
    published: true,
    ...overrides,
  };
}

const multiVariant = () =>
  input({
    product: product({
      images: IMG,
      compareAtPriceCents: 2999,
      options: [
        { name: "Color", values: ["Black", "Sand"] },
        { name: "Size", values: ["500 ml", "750 ml"] },
      ],
      variants: [
        {
          title: "Black / 500 ml",
          optionValues: ["Black", "500 ml"],
          priceCents: 1999,
          compareAtPriceCents: null,
          sku: "TB-BLK-500",
          available: true,
        },
        {
          title: "Sand / 750 ml",
          optionValues: ["Sand", "750 ml"],
          priceCents: null,
          compareAtPriceCents: null,
          sku: null,
          available: null,
        },
      ],
    }),
    imageAlts: { [IMG[0]!]: "Black bottle on a rock", [IMG[2]!]: "Bottle cap" },
    published: false,
  });

/** A row as the file holds it: every column, empty unless named. */
function row(values: Partial<Record<ShopifyCsvColumn, string>>): string[] {
  return SHOPIFY_CSV_COLUMNS.map((c) => values[c] ?? "");
}

function rowsOf(csv: string): string[][] {
  const { rows, errors } = parseCsv(csv);
  expect(errors).toEqual([]);
  return rows;
}

const variantDefaults = {
  "Continue selling when out of stock": "DENY",
  "Fulfillment service": "manual",
  "Requires shipping": "TRUE",
  "Charge tax": "TRUE",
};

/**
 * The header of Shopify's current product CSV template, in order: help.shopify.com, "Using CSV
 * files to import and export products" (https://help.shopify.com/en/manual/products/import-export/using-csv),
 * its product CSV description table and the sample product_template.csv it links, as of the
 * revision that renamed the columns (Handle → URL handle, Body (HTML) → Description, Variant Price
 * → Price, Image Src → Product image URL…). Written down by hand from that page.
 */
const SHOPIFY_TEMPLATE_HEADER = [
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
  "Unit price total measure",
  "Unit price total measure unit",
  "Unit price base measure",
  "Unit price base measure unit",
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
  "Google Shopping / Google product category",
  "Google Shopping / Gender",
  "Google Shopping / Age group",
  "Google Shopping / Manufacturer part number (MPN)",
  "Google Shopping / Ad group name",
  "Google Shopping / Ads labels",
  "Google Shopping / Condition",
  "Google Shopping / Custom product",
  "Google Shopping / Custom label 0",
  "Google Shopping / Custom label 1",
  "Google Shopping / Custom label 2",
  "Google Shopping / Custom label 3",
  "Google Shopping / Custom label 4",
];

describe("the header", () => {
  it("is Shopify's current template's, in its order, leaving out only optional columns a page has nothing for", () => {
    expect(SHOPIFY_CSV_COLUMNS.every((c) => SHOPIFY_TEMPLATE_HEADER.includes(c))).toBe(true);
    const inTemplateOrder = SHOPIFY_TEMPLATE_HEADER.filter((c) => (SHOPIFY_CSV_COLUMNS as readonly string[]).includes(c));
    expect([...SHOPIFY_CSV_COLUMNS]).toEqual(inTemplateOrder);
    const left = SHOPIFY_TEMPLATE_HEADER.filter((c) => !(SHOPIFY_CSV_COLUMNS as readonly string[]).includes(c));
    expect(left.every((c) => /^Unit price |^Google Shopping \//.test(c))).toBe(true);
    // Nothing of the older template is written any more.
    for (const old of Object.keys(LEGACY_CSV_COLUMNS)) expect(SHOPIFY_CSV_COLUMNS).not.toContain(old);
  });

  it("keeps Vendor and Cost per item filled", () => {
    const csv = shopifyProductCsv(input({ product: product({ costCents: 725, vendor: "Peak Gear" }) }));
    const [header, first] = rowsOf(csv) as [string[], string[]];
    expect(first[header.indexOf("Vendor")]).toBe("Peak Gear");
    expect(first[header.indexOf("Cost per item")]).toBe("7.25");
  });

  it("writes the page's barcode on a single-variant product only", () => {
    const [header, first] = rowsOf(shopifyProductCsv(input({ product: product({ gtin: "4006381333931" }) }))) as [string[], string[]];
    expect(first[header.indexOf("Barcode")]).toBe("4006381333931");
    const many = rowsOf(shopifyProductCsv({ ...multiVariant(), product: { ...multiVariant().product, gtin: "4006381333931" } }));
    expect(many.slice(1).every((r) => r[header.indexOf("Barcode")] === "")).toBe(true);
  });
});

describe("shopifyProductCsv", () => {
  it("writes a multi-variant product with three images as Shopify lays it out", () => {
    const csv = shopifyProductCsv(multiVariant());
    expect(csv.startsWith(SHOPIFY_CSV_COLUMNS.join(",") + "\r\n")).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(rowsOf(csv)).toEqual([
      [...SHOPIFY_CSV_COLUMNS],
      row({
        "URL handle": "trail-bottle",
        Title: "Trail Bottle",
        "Description": "<p>Keeps water cold.</p>",
        Vendor: "Peak Gear",
        Type: "Water bottles",
        "Published on online store": "FALSE",
        "Option1 name": "Color",
        "Option1 value": "Black",
        "Option2 name": "Size",
        "Option2 value": "500 ml",
        "SKU": "TB-BLK-500",
        ...variantDefaults,
        "Price": "19.99",
        "Compare-at price": "29.99",
        "Product image URL": IMG[0],
        "Image position": "1",
        "Image alt text": "Black bottle on a rock",
        "Gift card": "FALSE",
        "SEO title": "Trail Bottle | Peak Gear",
        "SEO description": "A bottle for the trail.",
        Status: "draft",
      }),
      // The second variant: handle, option values and variant columns only; no price of its own, so the product's.
      row({
        "URL handle": "trail-bottle",
        "Option1 value": "Sand",
        "Option2 value": "750 ml",
        ...variantDefaults,
        "Price": "24.99",
        "Compare-at price": "29.99",
        "Product image URL": IMG[1],
        "Image position": "2",
        "Image alt text": "Trail Bottle",
      }),
      // More images than variant rows: an image-only row.
      row({ "URL handle": "trail-bottle", "Product image URL": IMG[2], "Image position": "3", "Image alt text": "Bottle cap" }),
    ]);
    expect(checkShopifyProductCsv(csv)).toEqual([]);
  });

  it("writes a product without options as Title / Default Title, published and active", () => {
    const csv = shopifyProductCsv(input({ product: product({ images: [IMG[0]!], compareAtPriceCents: 2499 }) }));
    const [, first, ...rest] = rowsOf(csv);
    expect(rest).toEqual([]);
    expect(first).toEqual(
      row({
        "URL handle": "trail-bottle",
        Title: "Trail Bottle",
        "Description": "<p>Keeps water cold.</p>",
        Vendor: "Peak Gear",
        Type: "Water bottles",
        "Published on online store": "TRUE",
        "Option1 name": "Title",
        "Option1 value": "Default Title",
        ...variantDefaults,
        "Price": "24.99",
        // Equal to the price: no saving to show.
        "Compare-at price": "",
        "Product image URL": IMG[0],
        "Image position": "1",
        "Image alt text": "Trail Bottle",
        "Gift card": "FALSE",
        "SEO title": "Trail Bottle | Peak Gear",
        "SEO description": "A bottle for the trail.",
        Status: "active",
      }),
    );
    expect(checkShopifyProductCsv(csv)).toEqual([]);
  });

  it("uses a single variant's own price and SKU when the product has no options", () => {
    const csv = shopifyProductCsv(
      input({
        product: product({
          priceCents: null,
          variants: [
            {
              title: "Default",
              optionValues: [],
              priceCents: 5,
              compareAtPriceCents: null,
              sku: "ONE",
              available: true,
            },
          ],
        }),
      }),
    );
    const [header, first] = rowsOf(csv) as [string[], string[]];
    expect(first[header.indexOf("Price")]).toBe("0.05");
    expect(first[header.indexOf("SKU")]).toBe("ONE");
    expect(checkShopifyProductCsv(csv)).toEqual([]);
  });

  it("lists every combination of option values when the page has options but no variants", () => {
    const csv = shopifyProductCsv(
      input({ product: product({ options: [{ name: "Size", values: ["S", "M", "L"] }] }) }),
    );
    const [header, ...records] = rowsOf(csv) as [string[], ...string[][]];
    expect(records.map((r) => r[header.indexOf("Option1 value")])).toEqual(["S", "M", "L"]);
    expect(records.map((r) => r[header.indexOf("Price")])).toEqual(["24.99", "24.99", "24.99"]);
    expect(checkShopifyProductCsv(csv)).toEqual([]);
  });

  it("quotes commas, quotes and line breaks (RFC 4180) and keeps UTF-8 text as it is", () => {
    const body =
      '<p class="lead">Cold for 24h, hot for 12h.</p>\n<p>Say "hello", café ☕</p>\r\n<ul><li>1,5 L</li></ul>';
    const title = 'Trail Bottle, 1.5 L "Pro" édition';
    const csv = shopifyProductCsv(input({ product: product({ title }), descriptionHtml: body }));
    expect(csv).toContain(`"Trail Bottle, 1.5 L ""Pro"" édition"`);
    expect(csv).toContain(`"${body.replace(/"/g, '""')}"`);
    const [header, first] = rowsOf(csv) as [string[], string[]];
    expect(first[header.indexOf("Title")]).toBe(title);
    expect(first[header.indexOf("Description")]).toBe(body);
    expect(first[header.indexOf("Image alt text")]).toBe("");
    expect(checkShopifyProductCsv(csv)).toEqual([]);
  });

  it("refuses a variant without a price when the product has none either", () => {
    const noPrice = product({
      priceCents: null,
      options: [{ name: "Size", values: ["S", "M"] }],
      variants: [
        { title: "S", optionValues: ["S"], priceCents: 1000, compareAtPriceCents: null, sku: null, available: true },
        { title: "M", optionValues: ["M"], priceCents: null, compareAtPriceCents: null, sku: null, available: true },
      ],
    });
    for (const p of [noPrice, product({ priceCents: null })]) {
      let error: unknown;
      try {
        shopifyProductCsv(input({ product: p }));
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).type).toBe("VALIDATION");
      expect((error as AppError).message).toBe("Set a price before exporting: Shopify needs a price for every variant");
    }
  });

  it("refuses what Shopify could not import: a bad handle, an image path, a variant missing an option value, two equal variants", () => {
    const v = (optionValues: string[]) => ({
      title: optionValues.join(" / "),
      optionValues,
      priceCents: 100,
      compareAtPriceCents: null,
      sku: null,
      available: true,
    });
    const cases: [ShopifyCsvInput, RegExp][] = [
      [input({ handle: "Trail Bottle" }), /handle must be lowercase/],
      [input({ product: product({ images: ["/images/a.jpg"] }) }), /full http\(s\) address/],
      [
        input({
          product: product({
            options: [
              { name: "Size", values: ["S"] },
              { name: "Color", values: ["Red"] },
            ],
            variants: [v(["S"])],
          }),
        }),
        /has no Color/,
      ],
      [
        input({ product: product({ options: [{ name: "Size", values: ["S"] }], variants: [v(["S"]), v(["s"])] }) }),
        /Two variants are both/,
      ],
      [input({ product: product({ variants: [v([]), v([])] }) }), /several variants but no options/],
    ];
    for (const [bad, message] of cases) {
      expect(() => shopifyProductCsv(bad)).toThrow(message);
    }
  });
});

describe("checkShopifyProductCsv", () => {
  /** The clean multi-variant file, changed cell by cell: `edit(rows)` gets the parsed rows (header first). */
  function broken(edit: (rows: string[][], col: (c: ShopifyCsvColumn) => number) => void): string[] {
    const rows = rowsOf(shopifyProductCsv(multiVariant()));
    edit(rows, (c) => SHOPIFY_CSV_COLUMNS.indexOf(c));
    return checkShopifyProductCsv(serializeCsv(rows));
  }

  it("passes the clean file", () => {
    expect(broken(() => {})).toEqual([]);
  });

  it("catches a header with a column Shopify does not have, a repeated column, or without a column it needs", () => {
    expect(broken((rows) => (rows[0]![2] = "Body"))).toEqual(['row 1: column 3 "Body" is not one of Shopify\'s product columns']);
    expect(broken((rows) => (rows[0]![0] = "URL handle"))).toEqual(['row 1: column 2 "URL handle" repeats the "URL handle" column', 'row 1: the header has no "Title" column']);
    expect(broken((rows) => rows.forEach((r) => r.splice(20, 1)))).toEqual(['row 1: the header has no "Price" column']);
  });

  it("reads a file with the older template's column names (Handle, Body (HTML), Variant Price, Image Src…), in any order", () => {
    const rows = rowsOf(shopifyProductCsv(multiVariant()));
    const legacy = Object.fromEntries(Object.entries(LEGACY_CSV_COLUMNS).map(([old, current]) => [current, old]));
    rows[0] = rows[0]!.map((name) => legacy[name] ?? name);
    expect(rows[0]).toEqual(expect.arrayContaining(["Handle", "Body (HTML)", "Variant Price", "Variant Compare At Price", "Image Src", "Variant Inventory Policy"]));
    expect(checkShopifyProductCsv(serializeCsv(rows))).toEqual([]);
    // Columns are found by name, not by place; and the older lower-case values still read.
    const reversed = rows.map((r) => [...r].reverse());
    reversed.slice(1).forEach((r) => {
      const at = reversed[0]!.indexOf("Variant Inventory Policy");
      if (r[at]) r[at] = "deny";
    });
    expect(checkShopifyProductCsv(serializeCsv(reversed))).toEqual([]);
    // A broken legacy file is still caught, in the current template's words.
    rows[2]![rows[0]!.indexOf("Variant Price")] = "x";
    expect(checkShopifyProductCsv(serializeCsv(rows))).toEqual(['row 3: Price "x" is not a decimal like 19.99']);
  });

  it("catches a row without a handle, and a handle that is not lowercase letters, digits and dashes", () => {
    expect(broken((rows, col) => (rows[2]![col("URL handle")] = ""))).toContain(
      "row 3: URL handle is empty; every row names its product's handle",
    );
    const problems = broken((rows, col) => rows.slice(1).forEach((r) => (r[col("URL handle")] = "Trail_Bottle")));
    expect(problems).toContain('row 2: URL handle "Trail_Bottle" must be lowercase letters, digits and dashes');
  });

  it("catches a product's first row without a Title", () => {
    expect(broken((rows, col) => (rows[1]![col("Title")] = ""))).toEqual([
      'row 2: the first row of "trail-bottle" has no Title',
    ]);
  });

  it("catches option names on a row after the first", () => {
    expect(broken((rows, col) => (rows[2]![col("Option2 name")] = "Size"))).toEqual([
      "row 3: Option2 name is set on a row after the first; option names go on the product's first row only",
    ]);
  });

  it("catches two variants with the same option values", () => {
    expect(
      broken((rows, col) => {
        rows[2]![col("Option1 value")] = "black";
        rows[2]![col("Option2 value")] = "500 ml";
      }),
    ).toEqual(["row 3: the option values black / 500 ml repeat an earlier variant's"]);
  });

  it("catches a variant whose price is missing or not a decimal", () => {
    expect(broken((rows, col) => (rows[2]![col("Price")] = ""))).toEqual([
      'row 3: Price "" is not a decimal like 19.99',
    ]);
    expect(broken((rows, col) => (rows[1]![col("Price")] = "$19,99"))).toEqual([
      'row 2: Price "$19,99" is not a decimal like 19.99',
    ]);
  });

  it("catches an image row that carries more than the image columns", () => {
    expect(broken((rows, col) => (rows[3]![col("Price")] = "10.00"))).toEqual([
      "row 4: an image row carries Price; a row without option values holds only URL handle and the image columns",
    ]);
  });

  it("catches image positions that do not count up from 1", () => {
    expect(broken((rows, col) => (rows[1]![col("Image position")] = "0"))).toContain(
      'row 2: Image position "0" should be 1: positions count up from 1 in file order',
    );
    expect(broken((rows, col) => (rows[3]![col("Image position")] = "2"))).toEqual([
      'row 4: Image position "2" should be 3: positions count up from 1 in file order',
    ]);
  });

  it("catches Published and Status values Shopify does not know", () => {
    expect(broken((rows, col) => (rows[1]![col("Published on online store")] = "yes"))).toEqual([
      'row 2: Published on online store "yes" must be TRUE or FALSE',
    ]);
    expect(broken((rows, col) => (rows[1]![col("Status")] = "live"))).toEqual([
      'row 2: Status "live" must be active, draft or archived',
    ]);
  });

  it("catches product fields on a row after the first", () => {
    expect(broken((rows, col) => (rows[2]![col("Vendor")] = "Other"))).toEqual([
      "row 3: Vendor is set on a row after the first; product fields go on the product's first row only",
    ]);
  });

  it("catches a handle whose rows are not together", () => {
    const problems = broken((rows, col) => {
      rows.push(
        row({
          "URL handle": "other",
          Title: "Other",
          "Option1 name": "Title",
          "Option1 value": "Default Title",
          "Price": "1.00",
        }),
      );
      rows.push([...rows[3]!]);
      rows.splice(3, 1);
      expect(rows.at(-1)![col("URL handle")]).toBe("trail-bottle");
    });
    expect(problems).toContain(
      'row 5: the rows of "trail-bottle" are not together; a handle seen again later starts a second product',
    );
  });

  it("catches a row with the wrong number of fields", () => {
    // The short row is skipped, so the image count after it is off too: only the first problem matters here.
    expect(broken((rows) => rows[2]!.pop())[0]).toBe(
      `row 3: has ${SHOPIFY_CSV_COLUMNS.length - 1} fields; every row has ${SHOPIFY_CSV_COLUMNS.length}`,
    );
  });

  it("catches bare line ends and broken quoting", () => {
    const csv = shopifyProductCsv(multiVariant());
    expect(checkShopifyProductCsv(csv.replace(/\r\n/g, "\n"))).toContain(
      "row 1: a line ends with a bare LF; records end with CRLF and line breaks inside a field are quoted",
    );
    expect(checkShopifyProductCsv(csv.replace("Peak Gear", 'Peak "Gear"'))).toContain(
      "row 2: a quote inside an unquoted field (quote the field and double the quote)",
    );
    expect(checkShopifyProductCsv(csv.replace("Peak Gear", '"Peak" Gear'))).toContain(
      "row 2: text after a closing quote (quote the whole field and double the quotes inside)",
    );
    expect(checkShopifyProductCsv(csv.replace("Peak Gear", '"Peak Gear'))).toContain(
      "row 2: a quoted field is never closed",
    );
    expect(checkShopifyProductCsv(csv.slice(0, -2))).toContain("row 4: the last record does not end with CRLF");
  });

  it("reads back what serializeCsv writes, quoted line breaks included", () => {
    const rows = [
      ["a", 'b "c"', "d,e"],
      ["line\r\nbreak", "", "ünï"],
    ];
    expect(parseCsv(serializeCsv(rows))).toEqual({ rows, errors: [] });
  });
});
