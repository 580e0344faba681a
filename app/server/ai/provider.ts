/** Picks the AI text provider from configuration: a real model when one is configured, else the offline analyst. */
import type { Database } from "../../../db/client";
import { loadSharedCatalog } from "~/server/market/catalog";
import type { AppEnv } from "~/server/platform/env";
import type { Logger } from "~/server/platform/log";
import { createAnalyst } from "./built-in-analyst";
import { createOpenAiCompatibleProvider } from "./openai-compatible";
import type { ChatProvider } from "./types";

export function chatProviderFor(config: Pick<AppEnv, "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL"> & Partial<Pick<AppEnv, "ANALYST_PACE_MS">>): ChatProvider {
  if (config.AI_BASE_URL && config.AI_MODEL) {
    return createOpenAiCompatibleProvider({ baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY ?? "", model: config.AI_MODEL });
  }
  return createAnalyst({ chunkDelayMs: config.ANALYST_PACE_MS ?? 0 });
}

/**
 * `provider`, reading the shared catalog from D1 before each answer: the analyst answers from it
 * and a model's retrieval and grounding check read it. The load is cached per isolate (one small
 * version read per answer); a failed load fails the answer, which refunds its query.
 */
export function withSharedCatalog(provider: ChatProvider, db: Database, log?: Pick<Logger, "info">): ChatProvider {
  return {
    id: provider.id,
    label: provider.label,
    async *reply(request) {
      await loadSharedCatalog(db, log);
      yield* provider.reply(request);
    },
  };
}
