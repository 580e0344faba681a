/**
 * The contract with Shopify's real Admin GraphQL API (issue 27): every document the client sends
 * and every set of variables it builds is validated against Shopify's own schema for the version
 * we pin (SHOPIFY_ADMIN_API_VERSION), as published in `@shopify/dev-mcp` (its
 * dist/data/admin_<version>.json.gz, an introspection result, copied to tests/contracts/shopify/). Documents go through graphql's
 * `validate` with the specified rules plus NoDeprecatedCustomRule; variables through
 * `getVariableValues` (the coercion a server runs), and no deprecated input field may appear in
 * them (productSet's `input.id` was deprecated in 2025-10 in favour of `identifier`).
 *
 * The variables are the ones the client really sent: a create, a re-export that keeps a merchant's
 * variant and image, an upload of one of the app's own images, pages created and updated, against
 * the in-process fake Admin API, each request's body captured on the way out.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import {
  buildClientSchema,
  getNamedType,
  getNullableType,
  GraphQLScalarType,
  isInputObjectType,
  isListType,
  NoDeprecatedCustomRule,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
  typeFromAST,
  type IntrospectionQuery,
  type NamedTypeNode,
  type OperationDefinitionNode,
  type TypeNode,
} from "graphql";
import { getVariableValues } from "graphql/execution/values";
import { beforeAll, describe, expect, it } from "vitest";
import type { PageProduct } from "~/domain/contracts/pages";
import {
  createFakeStoreState,
  handleAdminGraphql,
  handleStagedUpload,
  merchantEdit,
  seedShop,
  type FakeStoreState,
} from "~/server/store-export/fake-admin-api";
import { formOf } from "~/server/store-export/dev-store";
import {
  createShopifyAdminClient,
  exportPageToShopify,
  productSetVariables,
  SHOPIFY_ADMIN_API_VERSION,
  SHOPIFY_ADMIN_DOCUMENTS,
} from "~/server/store-export/shopify-admin";
import { createGuardedFetcher } from "~/server/web/url-guard";

function loadSchema(version: string): GraphQLSchema {
  // Shopify's file, copied from @shopify/dev-mcp (tests/contracts/shopify/README.md says how to update it).
  const file = path.join(import.meta.dirname, "../../contracts/shopify", `admin_${version}.json.gz`);
  const introspection = JSON.parse(gunzipSync(readFileSync(file)).toString("utf8")) as { data: IntrospectionQuery };
  const built = buildClientSchema(introspection.data);
  // An introspection result carries a custom scalar's name, not its rules: these are Shopify's, from
  // the schema's descriptions (Money "a decimal string", UnsignedInt64 "a string of digits").
  strictScalar(built, "Money", (v) => typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v));
  strictScalar(built, "Decimal", (v) => typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v));
  strictScalar(built, "UnsignedInt64", (v) => typeof v === "string" && /^\d+$/.test(v));
  strictScalar(built, "URL", (v) => typeof v === "string" && URL.canParse(v));
  return built;
}

function strictScalar(s: GraphQLSchema, name: string, ok: (value: unknown) => boolean): void {
  const type = s.getType(name);
  if (!(type instanceof GraphQLScalarType)) throw new Error(`${name} is not a scalar of this schema`);
  type.parseValue = (value: unknown) => {
    if (!ok(value)) throw new TypeError(`${name} cannot represent ${JSON.stringify(value)}`);
    return value;
  };
}

let schema: GraphQLSchema;
beforeAll(() => {
  schema = loadSchema(SHOPIFY_ADMIN_API_VERSION);
});

/** Problems with one request: the document's validation errors, the variables' coercion errors, deprecated input fields used. */
function problemsOf(query: string, variables: Record<string, unknown>): string[] {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (err) {
    return [`does not parse: ${(err as Error).message}`];
  }
  const problems = validate(schema, document, [...specifiedRules, NoDeprecatedCustomRule]).map((e) => e.message);
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === "OperationDefinition");
  if (!operation) return [...problems, "no operation"];
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
  if (coerced.errors) problems.push(...coerced.errors.map((e) => e.message));
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (name in variables) problems.push(...deprecatedFieldsIn(schema, definition.type, variables[name], `$${name}`));
  }
  return problems;
}

/** The deprecated input fields a value uses, walking the input type the variable is declared with. */
function deprecatedFieldsIn(s: GraphQLSchema, typeNode: TypeNode, value: unknown, path: string): string[] {
  const type = typeFromAST(s, typeNode as NamedTypeNode) as GraphQLInputType | undefined;
  const walk = (type: GraphQLInputType, v: unknown, at: string): string[] => {
    if (v === null || v === undefined) return [];
    const nullable = getNullableType(type);
    if (isListType(nullable))
      return Array.isArray(v)
        ? v.flatMap((item, i) => walk(nullable.ofType as GraphQLInputType, item, `${at}[${i}]`))
        : [];
    const named = getNamedType(nullable);
    if (!isInputObjectType(named) || typeof v !== "object") return [];
    const fields = named.getFields();
    return Object.entries(v as Record<string, unknown>).flatMap(([key, inner]) => {
      const field = fields[key];
      if (!field) return [];
      return [
        ...(field.deprecationReason ? [`${at}.${key} is deprecated: ${field.deprecationReason}`] : []),
        ...walk(field.type, inner, `${at}.${key}`),
      ];
    });
  };
  return type ? walk(type, value, path) : [`${path}: unknown type`];
}

// ---------------------------------------------------------------------------------------------
// The requests the client really sends, captured against the in-process fake

const SHOP = "contract-goods.myshopify.com";
const TOKEN = "shpat_contract_0123456789";
let state: FakeStoreState;
let sent: { query: string; variables: Record<string, unknown> }[];

const fetcher = createGuardedFetcher({
  fetchImpl: (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (init?.body instanceof FormData) {
      const answer = handleStagedUpload(state, url.pathname.split("/").pop()!, await formOf(init.body));
      return new Response(answer.body, { status: answer.status, headers: answer.headers });
    }
    const body = String(init?.body ?? "");
    sent.push(JSON.parse(body) as { query: string; variables: Record<string, unknown> });
    const headers: Record<string, string> = { host: url.host, ...(init?.headers as Record<string, string>) };
    const answer = await handleAdminGraphql(
      { method: init?.method ?? "GET", path: url.pathname, headers, body },
      state,
    );
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  }) as typeof fetch,
});

const client = () =>
  createShopifyAdminClient({
    shopDomain: SHOP,
    accessToken: TOKEN,
    fetcher,
    sleep: async () => undefined,
    readOwnImage: async () => ({ bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]), mimeType: "image/png" }),
  });

function product(over: Partial<PageProduct> = {}): PageProduct {
  return {
    title: "Tide Mug",
    description: "",
    images: ["https://cdn.example.com/mug-1.jpg", "/media/0b7c2a9e-1111-4222-8333-944445555666.png"],
    priceCents: 1800,
    costCents: 640,
    compareAtPriceCents: 2400,
    currency: "USD",
    options: [{ name: "Size", values: ["Small", "Large"] }],
    variants: [
      {
        title: "Small",
        optionValues: ["Small"],
        priceCents: 1800,
        compareAtPriceCents: 2400,
        sku: "TM-S",
        available: true,
      },
      {
        title: "Large",
        optionValues: ["Large"],
        priceCents: 2200,
        compareAtPriceCents: null,
        sku: "TM-L",
        available: true,
      },
    ],
    specs: [],
    inTheBox: [],
    vendor: "Harbor",
    productType: "Mug",
    ...over,
  };
}

async function exportTwice(): Promise<void> {
  const input = {
    product: product(),
    descriptionHtml: "<p>Stoneware.</p>",
    seo: { title: "Tide Mug", description: "A mug." },
    imageAlts: {},
    handle: "tide-mug",
  };
  const page = { title: "Tide Mug", bodyHtml: "<p>Stoneware.</p>", handle: "tide-mug" };
  await client().verifyConnection();
  const first = await exportPageToShopify(client(), { product: input, page }, { includePage: true });
  merchantEdit(state, SHOP, first.productId, {
    addVariant: { options: { Size: "Huge" }, price: "30.00" },
    addImage: { url: "https://cdn.shopify.com/s/files/1/merchant-photo.jpg" },
  });
  await exportPageToShopify(
    client(),
    {
      product: { ...input, product: product({ title: "Tide Mug, Sea Green" }) },
      page,
      existing: { productId: first.productId, pageId: first.pageId },
    },
    { includePage: true },
  );
}

describe(`Shopify's Admin GraphQL schema ${SHOPIFY_ADMIN_API_VERSION}`, () => {
  it("is a version Shopify supports on 2026-11-28 (released within the last twelve months)", () => {
    // Quarterly releases, each supported for twelve months: 2026-01 is the oldest still served as itself.
    expect(SHOPIFY_ADMIN_API_VERSION).toMatch(/^\d{4}-(01|04|07|10)$/);
    expect(SHOPIFY_ADMIN_API_VERSION >= "2026-01").toBe(true);
    expect(schema.getMutationType()?.getFields().productSet).toBeDefined();
  });

  it("accepts every document the client has, with no deprecated field or argument", () => {
    for (const [name, query] of Object.entries(SHOPIFY_ADMIN_DOCUMENTS)) {
      const problems = validate(schema, parse(query), [...specifiedRules, NoDeprecatedCustomRule]).map(
        (e) => e.message,
      );
      expect(problems, name).toEqual([]);
    }
  });

  it("accepts every request the client sends through a create, a re-export, an image upload and pages, variables coerced, no deprecated input field", async () => {
    state = createFakeStoreState({ now: () => 0 });
    seedShop(state, { domain: SHOP, token: TOKEN });
    sent = [];
    await exportTwice();
    const names = sent.map((r) => /^\s*(?:query|mutation)\s+(\w+)/.exec(r.query)?.[1]);
    expect(names).toEqual([
      "DropcraftConnectionCheck",
      "DropcraftStagedUploads",
      "DropcraftProductSet",
      "DropcraftPageCreate",
      "DropcraftProductRead",
      "DropcraftProductSet",
      "DropcraftPageUpdate",
    ]);
    for (const request of sent)
      expect(problemsOf(request.query, request.variables), JSON.stringify(request.variables).slice(0, 400)).toEqual([]);
    // The re-export named the product by identifier and sent the merchant's variant back by id.
    const update = sent[5]!.variables as {
      identifier?: { id: string };
      input: { variables?: unknown; variants: { id?: string }[]; files: { id?: string }[] };
    };
    expect(update.identifier?.id).toMatch(/^gid:\/\/shopify\/Product\//);
    expect(update.input.variants.filter((v) => v.id)).toHaveLength(3);
    expect(update.input.files.filter((f) => f.id)).toHaveLength(3);
  });

  it("accepts a single-variant product's barcode where Shopify's schema puts it (ProductVariantSetInput.barcode)", () => {
    const single = productSetVariables({
      product: product({ options: [], variants: [], gtin: "4006381333931" }),
      descriptionHtml: "<p>Tide Mug</p>",
      seo: { title: "Tide Mug", description: "" },
      imageAlts: {},
      handle: "tide-mug",
    });
    const variants = single.variables.input.variants as { barcode?: string }[];
    expect(variants.map((v) => v.barcode)).toEqual(["4006381333931"]);
    expect(problemsOf(SHOPIFY_ADMIN_DOCUMENTS.DropcraftProductSet, single.variables)).toEqual([]);
    // Several variants never share the one barcode.
    const many = productSetVariables({ product: product({ gtin: "4006381333931" }), descriptionHtml: "", seo: { title: "T", description: "" }, imageAlts: {}, handle: "tide-mug" });
    expect((many.variables.input.variants as { barcode?: string }[]).some((v) => v.barcode)).toBe(false);
  });

  it("refuses a broken document, a deprecated input field, and variables of the wrong shape", () => {
    // A field the type does not have.
    expect(
      problemsOf(`query Q($id: ID!) { product(id: $id) { id titel } }`, { id: "gid://shopify/Product/1" }).join(" "),
    ).toMatch(/Cannot query field "titel" on type "Product"/);
    // The 2025-01 shape: productSet updating through input.id.
    const old = `mutation DropcraftProductSet($input: ProductSetInput!, $synchronous: Boolean!) { productSet(input: $input, synchronous: $synchronous) { product { id } userErrors { field message code } } }`;
    expect(
      problemsOf(old, { synchronous: true, input: { id: "gid://shopify/Product/1", title: "Tide Mug" } }).join(" "),
    ).toMatch(/\$input\.id is deprecated/);
    const set = SHOPIFY_ADMIN_DOCUMENTS.DropcraftProductSet;
    // A price that is not Money, a status that is not a ProductStatus, a field ProductSetInput does not have.
    expect(
      problemsOf(set, {
        synchronous: true,
        input: {
          title: "T",
          variants: [{ optionValues: [{ optionName: "Title", name: "Default Title" }], price: "19,99" }],
        },
      }).join(" "),
    ).toMatch(/at "input\.variants\[0\]\.price"; Expected type "Money"\. Money cannot represent "19,99"/);
    // A unit cost as a number, or on the variant instead of its inventory item.
    expect(
      problemsOf(set, { synchronous: true, input: { title: "T", variants: [{ optionValues: [{ optionName: "Title", name: "Default Title" }], inventoryItem: { cost: 6.4 } }] } }).join(" "),
    ).toMatch(/Decimal cannot represent/);
    expect(
      problemsOf(set, { synchronous: true, input: { title: "T", variants: [{ optionValues: [{ optionName: "Title", name: "Default Title" }], cost: "6.40" }] } }).join(" "),
    ).toMatch(/"cost" is not defined by type "ProductVariantSetInput"/);
    expect(problemsOf(set, { synchronous: "yes", input: { title: "T" } }).join(" ")).toMatch(
      /\$synchronous.*Boolean cannot represent a non boolean value: "yes"/,
    );
    expect(problemsOf(set, { synchronous: true, input: { title: "T", status: "LIVE" } }).join(" ")).toMatch(
      /ProductStatus/,
    );
    expect(problemsOf(set, { synchronous: true, input: { title: "T", bodyHtml: "<p>x</p>" } }).join(" ")).toMatch(
      /"bodyHtml" is not defined by type "ProductSetInput"/,
    );
    // A staged upload without its required mimeType, with a resource that is not one.
    expect(
      problemsOf(SHOPIFY_ADMIN_DOCUMENTS.DropcraftStagedUploads, {
        input: [{ resource: "PICTURE", filename: "a.png", httpMethod: "POST" }],
      }).length,
    ).toBeGreaterThanOrEqual(2);
  });
});
