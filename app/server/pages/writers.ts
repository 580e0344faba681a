/**
 * Which writer generates a page's sections: the configured AI model when there is one (its copy
 * validated and grounded in generate-model.ts), else the built-in copy-framework writer. A model
 * that cannot answer falls back to the built-in writer, and the page says which one wrote it.
 */
import { modelProviderFor, type ModelConfig } from "~/server/ai/provider";
import type { Logger } from "~/server/platform/log";
import { writePageSectionsWithModel } from "./generate-model";
import { builtinWriter, type SectionWriter } from "./service";

export function modelSectionWriter(config: ModelConfig, log?: Pick<Logger, "warn">): SectionWriter | undefined {
  const completer = modelProviderFor(config);
  if (!completer) return undefined;
  return async (product, canon, only) => {
    try {
      const written = await writePageSectionsWithModel(completer, product, canon, { kinds: only });
      return { sections: written.sections, missing: written.missing, writer: written.generatedBy, ...(written.theme ? { theme: written.theme } : {}) };
    } catch (err) {
      log?.warn("page generation fell back to the built-in writer", { err });
      return builtinWriter(product, canon, only);
    }
  };
}
