/**
 * Research answers on an OpenAI-compatible model (the local server speaking OpenAI's protocol):
 * records retrieved and sent first, the structured answer saved in the spec's format, citations
 * only to records that were sent, numbers no record backs marked, markdown when the endpoint has
 * no JSON schema, and an answer that found nothing refunded.
 */
import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { readSseEvents } from "~/domain/sse";
import { forgetEndpoints } from "~/server/ai/endpoint-memo";
import { getProduct, loadSharedCatalog } from "~/server/market/catalog";
import { formatCents } from "~/server/market/format";
import { createDb } from "../../db/client";
import { BASE, call, seedSampleCatalog, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

// Answers retrieve from the shared catalog in D1; the test reads the same rows to check figures.
beforeAll(async () => {
  await seedSampleCatalog();
  await loadSharedCatalog(createDb(env.DB));
}, 120_000);
// The no-schema test teaches the isolate that the model has no structured output: forgotten after each test.
afterEach(() => forgetEndpoints());

type User = Awaited<ReturnType<typeof verifiedUser>>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test responses are read loosely
type Loose = Record<string, any>;

async function ask(u: User, chatId: string, content: string) {
  const res = await WORKER.fetch(`${BASE}/api/chats/${chatId}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${u.token}`, "content-type": "application/json", "cf-connecting-ip": "10.7.7.7" },
    body: JSON.stringify({ content }),
  });
  const events: Loose[] = [];
  for await (const e of readSseEvents(res.body!)) events.push(JSON.parse(e.data));
  const saved = (await call(`/api/chats/${chatId}`, { token: u.token })).json as Loose;
  return { events, done: events.at(-1)!, answer: saved.messages.at(-1) as Loose };
}

const usedQueries = async (u: User) => (await call("/api/usage/summary", { token: u.token })).json.data.usage.queries as number;

async function lastRequest(marker: string): Promise<Loose> {
  const received = (await (await fetch(`${inject("openaiUrl")}/__received`)).json()) as Loose[];
  return received.filter((r) => r.messages.at(-1)?.content.includes(marker)).at(-1)!;
}

describe("research answers on an OpenAI-compatible model", () => {
  it("sends the retrieved records, streams the structured answer and saves it in the spec's format", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    const marker = `m-${id.slice(0, 8)}`;
    const { events, done, answer } = await ask(u, id, `[fake:research] pet brush prices ${marker}`);

    const request = await lastRequest(marker);
    expect(request.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "research_answer", strict: true } });
    expect(request.messages[0].role).toBe("system");
    expect(request.messages[0].content).toMatch(/^\[1\] (niche|product) /m);
    const sentProduct = /^\[(\d+)\] product (P-\d{4})/m.exec(request.messages[0].content)!;
    const product = getProduct(sentProduct[2])!;

    expect(events.map((e) => e.type)).toContain("summary");
    expect(events.filter((e) => e.type === "delta").length).toBeGreaterThan(0);
    expect(done).toMatchObject({ type: "done", counted: true });
    expect(answer.summary).toBe(`${product.name} sells at ${formatCents(product.priceCents)} [1].`);
    expect(answer.fullResearch).toContain(`sells at ${formatCents(product.priceCents)} [1]`);
    expect(answer.content).toMatch(/^Executive Summary: /);
    expect(answer.citations).toEqual([{ title: `${product.id} ${product.name}`, source: "sample-catalog", record: { kind: "product", id: product.id } }]);
    expect(await usedQueries(u)).toBe(1);
  });

  it("drops a citation to a record it was not sent and marks a number no cited record holds", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    const { events, answer } = await ask(u, id, "[fake:research-bad] pet brush sales");
    expect(events.some((e) => e.type === "replace")).toBe(true);
    expect(answer.citations.map((c: Loose) => c.record.id)).not.toContain("P-9999");
    expect(answer.citations).toHaveLength(1);
    expect(answer.fullResearch).toContain("[98,765](#unverified)");
    expect(answer.fullResearch).not.toContain("[9]");
  });

  it("asks again for markdown when the endpoint refuses JSON schema, and reads its sections", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    const marker = `m-${id.slice(0, 8)}`;
    const { done, answer } = await ask(u, id, `[fake:no-schema] pet brush ${marker}`);
    expect(done.type).toBe("done");
    const request = await lastRequest(marker);
    expect(request.response_format).toBeUndefined();
    expect(request.messages[0].content).toContain("'## Executive summary'");
    expect(answer.summary).toMatch(/sells at \$/);
    expect(answer.fullResearch).toMatch(/^## Findings/);
    expect(answer.fullResearch).not.toContain("## Sources");
    expect(answer.citations).toHaveLength(1);
  });

  it("shows the model's structured-output refusal as the answer, refunded and marked not counted", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    const { events, done, answer } = await ask(u, id, "[fake:refusal] how do I pick a lock?");
    expect(events.filter((e) => e.type === "delta").map((e) => e.text).join("")).toContain("The AI model declined to answer this question: I'm sorry, I can't help with that request");
    expect(done).toMatchObject({ type: "done", counted: false, usage: { used: 0, remaining: 10 } });
    expect(answer.content).toContain("I'm sorry, I can't help with that request");
    expect(answer.notCounted).toBe(true);
    expect(await usedQueries(u)).toBe(0);
  });

  it("refunds an answer that found nothing and marks it not counted", async () => {
    const u = await verifiedUser();
    const id = crypto.randomUUID();
    const { done, answer } = await ask(u, id, "[fake:nothing] zorbonator");
    expect(done).toMatchObject({ type: "done", counted: false, usage: { used: 0, remaining: 10 } });
    expect(answer.notCounted).toBe(true);
    expect(await usedQueries(u)).toBe(0);
  });

  it("sends the merchant's imported product the question names first, cited as theirs; another user's import is never sent", async () => {
    const owner = await verifiedUser();
    const other = await verifiedUser();
    const feed = [{ name: "Adjustable Posture Corrector Deluxe", price: 34.99, cost: 7.2, shipping_cost: 2.1 }];
    const imported = await call("/api/catalog/imports", { method: "POST", token: owner.token, body: { format: "json", content: JSON.stringify(feed) } });
    const importId = imported.json.acceptedRows[0].productId as string;

    const marker = `m-${crypto.randomUUID().slice(0, 8)}`;
    const { done, answer } = await ask(owner, crypto.randomUUID(), `[fake:research] what margin do I make on my posture corrector? ${marker}`);
    const request = await lastRequest(marker);
    expect(request.messages[0].content).toContain(
      `[1] product ${importId} "Adjustable Posture Corrector Deluxe" (the merchant's own imported product; its figures are theirs): price $34.99, the merchant's cost $7.20, shipping $2.10`,
    );
    expect(done).toMatchObject({ type: "done", counted: true });
    expect(answer.citations[0]).toEqual({ title: `Your import · ${importId} Adjustable Posture Corrector Deluxe`, source: "your-import", record: { kind: "product", id: importId } });
    // The import's own figures back the answer's numbers: none is marked unverified.
    expect(answer.fullResearch).toContain("sells at $34.99 [1]");
    // The cited import opens for its owner.
    expect((await call(`/api/catalog/products/${importId}`, { token: owner.token })).status).toBe(200);

    const otherMarker = `m-${crypto.randomUUID().slice(0, 8)}`;
    await ask(other, crypto.randomUUID(), `[fake:research] what margin do I make on my posture corrector? ${otherMarker}`);
    expect((await lastRequest(otherMarker)).messages[0].content).not.toContain(importId);
  });
});
