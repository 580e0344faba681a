/**
 * Picks the AI text provider from configuration, in this order: an OpenAI-compatible endpoint
 * (AI_BASE_URL), else Workers AI through the `AI` binding, else the offline analyst (which
 * production uses only when ALLOW_OFFLINE_ANALYST=on says so: env.ts refuses to start otherwise).
 */
import type { Database } from "../../../db/client";
import { loadSharedCatalog } from "~/server/market/catalog";
import type { AppEnv } from "~/server/platform/env";
import type { Logger } from "~/server/platform/log";
import { createAnalyst } from "./built-in-analyst";
import type { ModelProvider } from "./model-provider";
import { createOpenAiCompatibleProvider } from "./openai-compatible";
import type { ChatProvider } from "./types";
import { createWorkersAiProvider, DEFAULT_WORKERS_AI_MODEL } from "./workers-ai";

export type ModelConfig = Pick<AppEnv, "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL"> & Partial<Pick<AppEnv, "AI" | "WORKERS_AI_MODEL">>;

/** The configured model, or undefined when there is none (the built-in writers answer then). */
export function modelProviderFor(config: ModelConfig): ModelProvider | undefined {
  if (config.AI_BASE_URL && config.AI_MODEL) {
    return createOpenAiCompatibleProvider({ baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY ?? "", model: config.AI_MODEL });
  }
  if (config.AI) return createWorkersAiProvider({ ai: config.AI, model: config.WORKERS_AI_MODEL ?? DEFAULT_WORKERS_AI_MODEL });
  return undefined;
}

export function chatProviderFor(config: ModelConfig & Partial<Pick<AppEnv, "ANALYST_PACE_MS">>): ChatProvider {
  return modelProviderFor(config) ?? createAnalyst({ chunkDelayMs: config.ANALYST_PACE_MS ?? 0 });
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
