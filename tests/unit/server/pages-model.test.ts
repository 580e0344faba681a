import { describe, expect, it } from "vitest";
import { AppError } from "~/domain/errors";
import type { PageSection } from "~/domain/contracts/pages";
import { createOpenAiCompatibleProvider, type JsonSchemaFormat } from "~/server/ai/openai-compatible";
import type { ChatTurn } from "~/server/ai/types";
import { canonFactsFrom, writePageSections } from "~/server/pages/generate-builtin";
import { groundSections, PAGE_SECTIONS_FORMAT, writePageSectionsWithModel, type PageCompleter } from "~/server/pages/generate-model";
import { CANON_ENTRIES, RICH_PRODUCT, section } from "./pages-fixtures";

const NO_CANON = canonFactsFrom([]);
const CANON = canonFactsFrom(CANON_ENTRIES);

function fakeCompleter(answer: unknown): PageCompleter & { calls: { turns: ChatTurn[]; format: JsonSchemaFormat }[] } {
  const calls: { turns: ChatTurn[]; format: JsonSchemaFormat }[] = [];
  return {
    id: "openai:test-model",
    calls,
    completeJson(turns, format) {
      calls.push({ turns, format });
      return Promise.resolve(typeof answer === "string" ? answer : JSON.stringify(answer));
    },
  };
}

const modelSection = (kind: PageSection["kind"], fields: Record<string, unknown> = {}) => ({ kind, hidden: false, heading: "", body: "", items: [], buttonLabel: null, ...fields });

describe("groundSections", () => {
  it("drops invented ratings, certifications, guarantees, shipping promises, materials and figures, keeping what the data backs", () => {
    const sections = [
      section("hero", {
        heading: "Rated 4.9 stars by 2,000 customers",
        body: "A warm, glare-free light for late work sessions. Clinically proven to reduce eye strain.\nFree shipping on every order. Now $39.99.",
        buttonLabel: "Get yours",
      }),
      section("benefits", {
        heading: "Why you'll like it",
        items: [
          { title: "Touch dimmer", text: "Slide a finger along the base to set the brightness" },
          { title: "Premium build", text: "Made of brushed stainless steel." },
          { title: "Lasts all week", text: "Up to 40 hours on one charge." },
          { title: "CE certified", text: "" },
        ],
      }),
      section("faq", { heading: "Questions", items: [{ title: "How fast is delivery?", text: "It ships within 24 hours." }] }),
      section("guarantee", { heading: "Our guarantee", body: "30-day money-back guarantee." }),
    ];
    const { sections: kept, missing } = groundSections(sections, RICH_PRODUCT, NO_CANON);
    const [hero, benefits, faq, guarantee] = kept;
    expect(hero.heading).toBe(RICH_PRODUCT.title);
    expect(hero.body).toBe("A warm, glare-free light for late work sessions.\nNow $39.99.");
    expect(hero.buttonLabel).toBe("Get yours");
    expect(benefits.items.map((i) => i.title)).toEqual(["Touch dimmer"]);
    expect(faq.items).toEqual([]);
    expect(faq.hidden).toBe(true);
    expect(guarantee.hidden).toBe(true);
    expect(guarantee.body).toBe("");
    const notes = missing.join("\n");
    for (const words of ['the figure "4.9"', 'a rating ("4.9 stars")', 'a certification ("Clinically")', 'a shipping promise ("Free shipping")', 'a material or quality claim ("stainless steel")', 'the figure "40"', 'a certification ("CE")', 'the figure "24"', "a guarantee", 'a guarantee ("money-back")']) {
      expect(notes).toContain(words);
    }
    expect(missing.some((m) => m.startsWith("FAQ is hidden"))).toBe(true);
  });

  it("accepts the canon's own promises but not a more generous one", () => {
    const sections = [
      section("faq", {
        items: [
          { title: "Shipping?", text: "Free shipping over $50, delivered in 3 to 5 business days." },
          { title: "Faster?", text: "Delivered in 2 business days." },
          { title: "Returns?", text: "Send it back within 30 days for a full refund." },
          { title: "Longer?", text: "Send it back within 60 days for a full refund." },
        ],
      }),
    ];
    const { sections: kept } = groundSections(sections, RICH_PRODUCT, CANON);
    expect(kept[0].items.map((i) => i.title)).toEqual(["Shipping?", "Returns?"]);
  });

  it("accepts a claim word the supplier's own data uses", () => {
    const product = { ...RICH_PRODUCT, specs: [...RICH_PRODUCT.specs, { name: "Material", value: "Aluminium and glass" }] };
    const { sections: kept } = groundSections([section("benefits", { items: [{ title: "Aluminium body", text: "" }] })], product, NO_CANON);
    expect(kept[0].items).toHaveLength(1);
  });
});

describe("writePageSectionsWithModel", () => {
  const answer = {
    sections: [
      modelSection("hero", { heading: "Light that follows your evening", body: "A warm, glare-free light for late work sessions. Loved by 10,000 customers.", buttonLabel: "Get the lamp" }),
      modelSection("benefits", { heading: "What you get", items: [{ title: "Touch dimmer", text: "Slide to set the brightness." }] }),
      modelSection("guarantee", { hidden: true }),
    ],
    missing: ["Add a guarantee in Project → Canon."],
  };

  it("asks with the JSON schema, keeps the model's grounded copy, fills omitted kinds from the built-in and reports what it removed", async () => {
    const completer = fakeCompleter(answer);
    const out = await writePageSectionsWithModel(completer, RICH_PRODUCT, CANON);
    expect(completer.calls).toHaveLength(1);
    expect(completer.calls[0].format).toBe(PAGE_SECTIONS_FORMAT);
    expect(completer.calls[0].turns[0].content).toMatch(/use ONLY facts/);
    expect(completer.calls[0].turns[1].content).toContain(RICH_PRODUCT.title);
    expect(out.generatedBy).toBe("openai:test-model");
    const hero = out.sections[0];
    expect(hero).toMatchObject({ id: "hero-1", heading: "Light that follows your evening", body: "A warm, glare-free light for late work sessions.", buttonLabel: "Get the lamp", imageUrl: RICH_PRODUCT.images[0] });
    expect(out.sections.find((s) => s.kind === "guarantee")!.hidden).toBe(true);
    const builtin = writePageSections(RICH_PRODUCT, CANON).sections;
    expect(out.sections.find((s) => s.kind === "specs")).toEqual(builtin.find((s) => s.kind === "specs"));
    expect(out.missing[0]).toBe("Add a guarantee in Project → Canon.");
    expect(out.missing.some((m) => m.includes('a popularity claim ("Loved by")') && m.includes('the figure "10,000"'))).toBe(true);
  });

  it("writes only the kinds asked for", async () => {
    const completer = fakeCompleter(answer);
    const out = await writePageSectionsWithModel(completer, RICH_PRODUCT, CANON, { kinds: ["benefits", "hero"] });
    expect(out.sections.map((s) => s.kind)).toEqual(["hero", "benefits"]);
    expect(completer.calls[0].turns[0].content).toContain("in this order: hero, benefits.");
  });

  it("refuses an answer that is not JSON or not the section format, as UNAVAILABLE", async () => {
    await expect(writePageSectionsWithModel(fakeCompleter("Sure! Here is your page."), RICH_PRODUCT, CANON)).rejects.toMatchObject({ type: "UNAVAILABLE" });
    const wrong = writePageSectionsWithModel(fakeCompleter({ sections: [{ kind: "banner", heading: "x" }] }), RICH_PRODUCT, CANON);
    await expect(wrong).rejects.toBeInstanceOf(AppError);
    await expect(wrong).rejects.toThrow(/did not match the section format \(sections\.0\.kind/);
  });

  it("reads an answer wrapped in a ```json fence", async () => {
    const out = await writePageSectionsWithModel(fakeCompleter("```json\n" + JSON.stringify(answer) + "\n```"), RICH_PRODUCT, CANON);
    expect(out.sections[0].heading).toBe("Light that follows your evening");
  });
});

describe("completeJson (the OpenAI-compatible provider)", () => {
  const jsonReply = (content: string) =>
    new Response(JSON.stringify({ choices: [{ message: { content }, finish_reason: "stop" }] }), { headers: { "content-type": "application/json" } });

  it("sends the schema as response_format and returns the model's text", async () => {
    const bodies: Record<string, unknown>[] = [];
    const provider = createOpenAiCompatibleProvider({
      baseUrl: "https://ai.example.com/v1",
      apiKey: "k",
      model: "m",
      fetchImpl: (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return Promise.resolve(jsonReply('{"sections":[],"missing":[]}'));
      },
    });
    const text = await provider.completeJson([{ role: "user", content: "hi" }], PAGE_SECTIONS_FORMAT);
    expect(text).toBe('{"sections":[],"missing":[]}');
    expect(bodies[0].response_format).toEqual({ type: "json_schema", json_schema: { name: "page_sections", schema: PAGE_SECTIONS_FORMAT.schema, strict: true } });
  });

  it("asks again without response_format when the endpoint has no structured output", async () => {
    const bodies: Record<string, unknown>[] = [];
    const provider = createOpenAiCompatibleProvider({
      baseUrl: "https://ai.example.com/v1",
      apiKey: "",
      model: "m",
      fetchImpl: (_url, init) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        bodies.push(body);
        if (body.response_format) return Promise.resolve(new Response('{"error":{"message":"response_format json_schema is not supported"}}', { status: 400 }));
        return Promise.resolve(jsonReply("{}"));
      },
    });
    expect(await provider.completeJson([{ role: "user", content: "hi" }], PAGE_SECTIONS_FORMAT)).toBe("{}");
    expect(bodies.map((b) => "response_format" in b)).toEqual([true, false]);
  });
});
