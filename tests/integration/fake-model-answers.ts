/**
 * What the fake models answer, shared by the fake OpenAI server (fake-openai.ts, over HTTP) and
 * the fake Workers AI binding (fake-workers-ai.ts, inside workerd): plain functions of the
 * request, so both speak their own vendor's protocol around the same words.
 */

/**
 * What the fake does with a request, chosen by a `[fake:<behaviour>]` prefix on the last user
 * message (so parallel tests never race over shared server state). Without a prefix it streams
 * "You asked: <last user message>" in three content chunks, exactly like OpenAI does.
 */
export type FakeBehaviour =
  | "echo" // default: role chunk, 3 content chunks, finish_reason "stop", [DONE]
  | "varied" // like echo, but each answer ends with a new take number, as a real model's answers differ
  | "split" // the same bytes written a few at a time, cutting lines and UTF-8 characters
  | "keepalive" // OpenRouter-style ": PROCESSING" comments before the chunks
  | "no-done" // ends after finish_reason "stop" without [DONE] (llama.cpp style)
  | "slow" // 20 chunks, 25 ms apart
  | "json" // ignores stream:true and answers one chat.completion JSON object
  | "rate-limit" // 429 with OpenAI's error body
  | "server-error" // 500 with OpenAI's error body
  | "hang" // never answers
  | "stall" // starts the stream, then goes silent
  | "malformed" // a chunk that is not JSON
  | "error-chunk" // an {error} chunk in the middle of the stream
  | "truncated" // content, then the response ends without finish_reason or [DONE]
  | "drop" // content, then the connection is destroyed
  | "html" // 200 with an HTML page (a wrong base URL hitting a website)
  | "research" // a structured research answer (JSON) citing the first product record it was sent, with its price
  | "research-bad" // the same, plus a citation of a record it was not sent and a number no record holds
  | "no-schema" // refuses response_format with OpenAI's 400; without it, answers in markdown sections
  | "bad-schema" // 400 "Invalid schema for response_format ..." (param response_format): our schema's fault, not a missing feature
  | "refusal" // a structured-output refusal: `delta.refusal` pieces (or `message.refusal` when not streamed), content null
  | "refusal-json" // the same refusal as one chat.completion (`message.refusal`), ignoring stream:true
  | "nothing" // a structured answer that found nothing (foundNothing: true)
  | "project"; // a structured answer quoting the first project passage it was sent, citing it, in the canon's brand voice

export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  [key: string]: unknown;
}

/** The records the adapter sent in its system turn: "[n] product P-0001 ... price $15.99, ...". */
function sentRecords(body: ChatRequestBody): { n: number; kind: string; id: string; price?: string; name?: string }[] {
  const system = body.messages.find((m) => m.role === "system")?.content ?? "";
  return [...system.matchAll(/^\[(\d+)\] (product|ad|store|niche) (\S+)(?: "([^"]+)")?(.*)$/gm)].map((m) => ({
    n: Number(m[1]),
    kind: m[2],
    id: m[3],
    name: m[4],
    price: /price (\$[\d,]*\d(?:\.\d+)?)/.exec(m[5])?.[1],
  }));
}

/**
 * A page builder request (response_format named "page_sections"): sections written from the
 * product data it was sent, plus claims the data does not hold (a rating, a customer count, free
 * shipping) that the adapter's grounding must drop. A product titled with "fake-model-down"
 * makes it answer 500, so the built-in fallback can be tested.
 */
export function pageSectionsAnswer(body: ChatRequestBody): { status: number; content: string } | null {
  const format = (body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name;
  if (format !== "page_sections") return null;
  const user = body.messages.find((m) => m.role === "user")?.content ?? "";
  const data = JSON.parse(user.slice(user.indexOf("{"), user.lastIndexOf("}") + 1)) as { product: { title: string; description: string } };
  if (data.product.title.includes("fake-model-down")) return { status: 500, content: "" };
  const sentences = data.product.description.split(/(?<=[.!?])\s+/).filter(Boolean);
  const hidden = (kind: string) => ({ kind, hidden: true, heading: "", body: "", items: [], buttonLabel: null });
  return {
    status: 200,
    content: JSON.stringify({
      sections: [
        { kind: "hero", hidden: false, heading: data.product.title, body: `${sentences[0] ?? ""} Rated 5 stars by 10,000 happy customers.`, items: [], buttonLabel: "Get yours" },
        {
          kind: "benefits",
          hidden: false,
          heading: "Why it works",
          body: "",
          items: [...sentences.slice(1).map((t) => ({ title: t.replace(/[.!?]$/, ""), text: t })), { title: "Free shipping worldwide", text: "Delivered in 2 days." }],
          buttonLabel: null,
        },
        hidden("how-it-works"),
        hidden("specs"),
        hidden("in-the-box"),
        hidden("faq"),
        hidden("guarantee"),
        { kind: "cta", hidden: false, heading: `Order the ${data.product.title}`, body: "", items: [], buttonLabel: "Buy now" },
      ],
      missing: ["No steps in the description: add how it is used in Product → Description."],
    }),
  };
}

/**
 * An ad copy request (response_format named "ad_copy"): three variants written from the product
 * data it was sent, each with claims the data does not hold (a rating and a customer count, a
 * discount, free shipping) that the launcher's grounding must drop or replace.
 */
export function adCopyAnswer(body: ChatRequestBody): string | null {
  const format = (body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name;
  if (format !== "ad_copy") return null;
  const user = body.messages.find((m) => m.role === "user")?.content ?? "";
  const data = JSON.parse(user.slice(user.indexOf("{"), user.lastIndexOf("}") + 1)) as { product: { title: string }; offer: { price: string | null } | null };
  const title = data.product.title;
  const price = data.offer?.price ? ` Now ${data.offer.price}.` : "";
  return JSON.stringify({
    variants: [
      { primaryText: `Say hello to the ${title}.${price} Rated 4.9 stars by 12,000 happy customers.`, headline: title, description: "Shop the look" },
      { primaryText: `The ${title} everyone is talking about. Free shipping worldwide.`, headline: "Best seller: 50% off today", description: "Ships in 24 hours" },
      { primaryText: `Treat yourself to the ${title}.`, headline: `Get the ${title}`, description: "Limited stock" },
    ],
  });
}

/** The research modes' answers, written from the records the adapter sent (null for the other modes). */
export function researchAnswer(behaviour: FakeBehaviour, body: ChatRequestBody): string | null {
  if (behaviour === "project") return projectAnswer(body);
  if (!["research", "research-bad", "no-schema", "nothing"].includes(behaviour)) return null;
  const product = sentRecords(body).find((r) => r.kind === "product");
  if (behaviour === "nothing" || !product) {
    return JSON.stringify({ executiveSummary: "The records hold no such product.", fullAnalysis: "I found nothing about that product in the records.", citations: [], foundNothing: true, refusal: "" });
  }
  const summary = `${product.name} sells at ${product.price} [${product.n}].`;
  const analysis = `## Findings\n\nThe "${product.name}" (${product.id}) sells at ${product.price} [${product.n}].`;
  if (behaviour === "no-schema") {
    return `## Executive summary\n${summary}\n\n## Full analysis\n${analysis}\n\n## Sources\n[${product.n}] ${product.id}\n`;
  }
  const bad = behaviour === "research-bad";
  return JSON.stringify({
    executiveSummary: summary,
    fullAnalysis: bad ? `${analysis}\nIt sold 98,765 units last quarter [9].` : analysis,
    citations: [{ n: product.n, recordId: product.id }, ...(bad ? [{ n: 9, recordId: "P-9999" }] : [])],
    foundNothing: false,
    refusal: "",
  });
}

/** Quotes the first passage record sent ("[n] passage k of the merchant's file "F": "text""), in the brand voice the canon names. */
function projectAnswer(body: ChatRequestBody): string {
  const system = body.messages.find((m) => m.role === "system")?.content ?? "";
  const passage = /^\[(\d+)\] passage \d+ of the merchant's file "([^"]+)": "(.*)"$/m.exec(system);
  const voice = /^\[\d+\] canon entry brand\.voice = "([^"]*)"/m.exec(system)?.[1] ?? "neutral";
  if (!passage) {
    return JSON.stringify({ executiveSummary: "Your files do not cover this.", fullAnalysis: "No passage was sent.", citations: [], foundNothing: true, refusal: "" });
  }
  const [, n, file, text] = passage;
  return JSON.stringify({
    executiveSummary: `(${voice} voice) Your file ${file} says: ${text.slice(0, 120)} [${n}]`,
    fullAnalysis: `From ${file}: "${text}" [${n}]`,
    citations: [{ n: Number(n), recordId: "" }],
    foundNothing: false,
    refusal: "",
  });
}

/** Splits text into `parts` pieces on code point boundaries (the last ones may be empty). */
export function pieces(text: string, parts: number): string[] {
  const chars = Array.from(text);
  const size = Math.ceil(chars.length / parts);
  return Array.from({ length: parts }, (_, i) => chars.slice(i * size, (i + 1) * size).join(""));
}
