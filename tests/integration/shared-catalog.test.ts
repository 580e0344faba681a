/**
 * The chat's analyst reads the shared catalog from D1 (loadSharedCatalog through db/catalog.ts),
 * not from the generator: what it reads back is exactly the generated catalog D1 was seeded
 * from, and a price changed in D1 is what the answers then say.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { readSseEvents } from "~/domain/sse";
import { createAnalyst } from "~/server/ai/built-in-analyst";
import { withSharedCatalog } from "~/server/ai/provider";
import type { ReplyEvent } from "~/server/ai/types";
import { generateCatalog, getCatalog, getProduct, loadSharedCatalog, marginOf } from "~/server/market/catalog";
import { formatCents } from "~/server/market/format";
import { sharedCatalogVersion, writeCatalogMeta } from "../../db/catalog";
import { SAMPLE_VERSION_KEY } from "../../db/catalog-seed";
import { createDb } from "../../db/client";
import { BASE, call, seedSampleCatalog, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test responses are read loosely
type Loose = Record<string, any>;

beforeAll(() => seedSampleCatalog(), 120_000);

async function analystText(question: string): Promise<string> {
  const events: ReplyEvent[] = [];
  // The composition the chat's object uses: load the shared catalog, then answer.
  for await (const event of withSharedCatalog(createAnalyst(), createDb(env.DB)).reply({ messages: [{ role: "user", content: question }] })) events.push(event);
  return events.flatMap((e) => (e.type === "delta" ? [e.text] : [])).join("");
}

describe("the shared catalog the analyst reads", () => {
  it("is, read back from D1, exactly the generated catalog D1 was seeded from", async () => {
    const loaded = await loadSharedCatalog(createDb(env.DB));
    const generated = generateCatalog();
    // Part by part, so a failure names the part before the (large) diff.
    expect(loaded.meta).toStrictEqual(generated.meta);
    expect(loaded.niches).toStrictEqual(generated.niches);
    expect(loaded.products).toStrictEqual(generated.products);
    expect(loaded.ads).toStrictEqual(generated.ads);
    expect(loaded.stores).toStrictEqual(generated.stores);
    // Price changes exist in the sample, so the listing's previous price and week were read back, not defaulted.
    expect(loaded.stores.some((s) => s.listings.some((l) => l.priceChangedWeek !== null && l.previousPriceCents !== null))).toBe(true);
    expect(getCatalog()).toBe(loaded);
  }, 120_000);

  it("answers with the price D1 holds once a new version is seeded, and keeps the loaded catalog until then", async () => {
    const db = createDb(env.DB);
    const product = (await loadSharedCatalog(db)).products.find((p) => p.name === "Self-cleaning lick mat")!;
    const seededPrice = product.priceCents;
    const editedPrice = seededPrice + 11_746;
    const edited = marginOf(editedPrice, product.costCents);
    await env.DB.prepare("UPDATE catalog_products SET price_cents = ?, margin_cents = ?, margin_pct = ? WHERE id = ?")
      .bind(editedPrice, edited.marginCents, edited.marginPct, product.id)
      .run();

    // The same version: each answer reads only the version, not the 20,400 ads again.
    await loadSharedCatalog(db);
    expect(getProduct(product.id)!.priceCents).toBe(seededPrice);

    // A re-seed writes a new version: the chat's object loads again before its next answer.
    await writeCatalogMeta(db, SAMPLE_VERSION_KEY, `${await sharedCatalogVersion(db)}+edited`);
    const u = await verifiedUser();
    const chatId = crypto.randomUUID();
    const marker = `m-${chatId.slice(0, 8)}`;
    const res = await WORKER.fetch(`${BASE}/api/chats/${chatId}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${u.token}`, "content-type": "application/json", "cf-connecting-ip": "10.7.7.8" },
      body: JSON.stringify({ content: `[fake:research] self-cleaning lick mat ${marker}` }),
    });
    for await (const event of readSseEvents(res.body!)) void event;
    const received = (await (await fetch(`${inject("openaiUrl")}/__received`)).json()) as Loose[];
    const sent = received.filter((r) => r.messages.at(-1)?.content.includes(marker)).at(-1)!.messages[0].content as string;
    expect(sent).toMatch(new RegExp(`^\\[\\d+\\] product ${product.id} .*price ${formatCents(editedPrice).replace("$", "\\$")},`, "m"));
    const saved = (await call(`/api/chats/${chatId}`, { token: u.token })).json as Loose;
    expect(saved.messages.at(-1).summary).toBe(`${product.name} sells at ${formatCents(editedPrice)} [1].`);

    // The built-in analyst, composed as the chat's object composes it, says the D1 price too.
    const text = await analystText("How much does the self-cleaning lick mat sell for?");
    expect(text).toContain(`| ${product.id} | ${product.name} | ${formatCents(editedPrice)} | ${formatCents(product.costCents)} | ${formatCents(edited.marginCents)} (${edited.marginPct}%) |`);
    expect(getProduct(product.id)!.priceCents).toBe(editedPrice);
  }, 120_000);
});
