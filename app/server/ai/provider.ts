/** Picks the AI text provider from configuration: a real model when one is configured, else the offline analyst. */
import type { AppEnv } from "~/server/platform/env";
import { createAnalyst } from "./analyst";
import { createOpenAiCompatibleProvider } from "./openai-compatible";
import type { ChatProvider } from "./types";

export function chatProviderFor(config: Pick<AppEnv, "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL"> & Partial<Pick<AppEnv, "ANALYST_PACE_MS">>): ChatProvider {
  if (config.AI_BASE_URL && config.AI_MODEL) {
    return createOpenAiCompatibleProvider({ baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY ?? "", model: config.AI_MODEL });
  }
  return createAnalyst({ chunkDelayMs: config.ANALYST_PACE_MS ?? 0 });
}
