/**
 * The built-in analyst's memory of a conversation lives with the chat in D1 (issue 25): a follow-up
 * read in a new request (what a reload or another device sends) and a regenerate both continue from
 * what it remembered, and a regenerate that writes the same answer again is not charged. The chat
 * service and the answer runner as the chat's object composes them, with the built-in analyst on
 * the shared catalog; only the query meter is a local stand-in that records what was settled.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ChatTurn, StoredAnswer } from "~/domain/chat/conversation";
import type { ChatStreamEvent } from "~/domain/contracts/chats";
import { createAnalyst } from "~/server/ai/built-in-analyst";
import { withSharedCatalog } from "~/server/ai/provider";
import { runAnswer, type AnswerJob } from "~/server/chat/answer-run";
import { askQuestion, finishAnswering, regenerateAnswer, saveAnswer, type ChatDeps } from "~/server/chat/service";
import type { UsageReservation } from "~/server/usage/meter";
import { createDb } from "../../db/client";
import { seedSampleCatalog, verifiedUser } from "./helpers";

beforeAll(() => seedSampleCatalog(), 120_000);

/** Each settled query: "commit" (charged) or "refund". */
const settled: string[] = [];
const db = () => createDb(env.DB);

function deps(): ChatDeps {
  return {
    db: db(),
    limitAiCalls: async () => {},
    reserveQuery: async (userId) => {
      const reservation: UsageReservation = {
        limit: 10,
        remaining: 9,
        handle: { userId, counter: "queries", reservationId: crypto.randomUUID(), limit: 10, remaining: 9 },
        commit: async () => void settled.push("commit"),
        refund: async () => void settled.push("refund"),
      };
      return reservation;
    },
  };
}

/** Runs a job as the chat's object does and returns the saved answer's text, id and whether it was charged. */
async function answer(job: AnswerJob) {
  const events: ChatStreamEvent[] = [];
  const reservation = await deps().reserveQuery(job.userId);
  const outcome = await runAnswer(
    {
      provider: withSharedCatalog(createAnalyst(), db()),
      reservation,
      saveAnswer: (a: StoredAnswer) => saveAnswer(db(), job, a),
      withdrawQuestion: async () => {},
    },
    job,
    (e) => events.push(e),
    new AbortController().signal,
  );
  await finishAnswering(db(), job);
  const done = events.find((e) => e.type === "done");
  if (outcome !== "answered" || !done || done.type !== "done") throw new Error(`no answer: ${outcome} ${JSON.stringify(events.at(-1))}`);
  return { text: done.message.content, id: done.message.id, counted: done.counted };
}

const lastAnswerTurn = (turns: ChatTurn[]) => [...turns].reverse().find((t) => t.role === "assistant");

describe("the analyst's memory, kept with the chat", () => {
  it("carries the merchant's figures into a follow-up read from D1, and into a regenerate, which is free when it repeats itself", async () => {
    const { user } = await verifiedUser();
    const chatId = crypto.randomUUID();

    const first = await answer(
      await askQuestion(deps(), user.id, chatId, { content: "What ROAS do I need to break even on a $39 product with $12 cost and $5 shipping?" }),
    );
    expect(first.text).toContain("$39.00 ÷ $22.00 = 1.77");

    // A new request: the history comes back from D1 with what the analyst remembered on the answer.
    const followUp = await askQuestion(deps(), user.id, chatId, { content: "and with $7 shipping?" });
    const remembered = lastAnswerTurn(followUp.turns)?.memory;
    expect(remembered?.figures.map((f) => [f.role, f.value])).toEqual(
      expect.arrayContaining([
        ["price", 39],
        ["cost", 12],
      ]),
    );
    const second = await answer(followUp);
    // The price and cost come from the first question: only the shipping was said again.
    expect(second.text).toContain("$39.00 ÷ $20.00 = 1.95");

    // Regenerated, the answer starts from the same memory and says the same; the repeat is not charged.
    settled.length = 0;
    const again = await answer(await regenerateAnswer(deps(), user.id, chatId, second.id));
    expect(again.text).toContain("$39.00 ÷ $20.00 = 1.95");
    expect(again.counted).toBe(false);
    expect(settled).toEqual(["refund"]);
  });
});
