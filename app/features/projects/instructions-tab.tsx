/** The Instructions tab: the business instructions, saved as the merchant types (Saved / Saving… / Failed to save — retry). */
import { useQueryClient } from "@tanstack/react-query";
import { Lightbulb } from "lucide-react";
import { useId, useState } from "react";
import type { Project } from "~/domain/contracts/projects";
import { errorMessage, HttpError } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Textarea } from "~/ui";
import { SaveStatus } from "./project-parts";
import { saveBusinessInstructions } from "./projects-client";
import { useAutosave } from "./use-autosave";
import { putProjectInCache } from "./use-projects";

const MAX_CHARS = 20_000;

const WHAT_TO_WRITE = [
  ["Niche", "what you sell, e.g. “calming beds for anxious dogs”"],
  ["Brand voice", "how you sound: warm, expert, playful…"],
  ["Target audience", "who buys, their age and where they live"],
  ["Price band", "e.g. “$25 to $60 per product”"],
  ["Shipping promise", "delivery times, free-shipping threshold, returns"],
  ["Competitors", "the stores you are compared with"],
] as const;

export function InstructionsTab({ project }: { project: Project }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(project.businessInstructions);
  const editorId = useId();
  const autosave = useAutosave({
    value: text,
    initial: project.businessInstructions,
    what: "business-instructions",
    save: async (value) => putProjectInCache(queryClient, await saveBusinessInstructions(project.id, value)),
    onGiveUp: (err) =>
      notify({
        title: "Couldn’t save the instructions",
        description:
          err instanceof HttpError && err.status < 500
            ? errorMessage(err, "The server refused them.")
            : "Your text is kept on this page. Use Retry when you are back online.",
        variant: "destructive",
        duration: 8000,
      }),
  });

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_280px]">
      <section className="rounded-2xl border border-line bg-surface shadow-sm shadow-black/5" aria-labelledby={`${editorId}-label`}>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b border-line px-4 py-2.5 sm:px-5">
          <label id={`${editorId}-label`} htmlFor={editorId} className="text-sm font-semibold text-fg">
            Business instructions
          </label>
          <SaveStatus state={autosave.state} onRetry={autosave.retry} />
        </div>
        <div className="p-3 sm:p-4">
          <Textarea
            id={editorId}
            value={text}
            maxLength={MAX_CHARS}
            onChange={(e) => setText(e.target.value)}
            placeholder="Describe the business: what you sell and to whom, how you talk, your prices, shipping and competitors."
            className="min-h-[340px] resize-y border-transparent bg-transparent leading-6 shadow-none hover:border-line sm:min-h-[420px]"
            aria-describedby={`${editorId}-hint`}
            data-testid="instructions-editor"
          />
          <p id={`${editorId}-hint`} className="mt-2 flex justify-between gap-3 px-1 text-xs text-subtle">
            <span>Every chat in this project follows these instructions.</span>
            <span className="tabular-nums">
              {text.length.toLocaleString("en-US")} / {MAX_CHARS.toLocaleString("en-US")}
            </span>
          </p>
        </div>
      </section>
      <aside className="h-fit rounded-2xl border border-line bg-surface-2/50 p-5">
        <p className="flex items-center gap-2 text-sm font-semibold text-fg">
          <Lightbulb className="size-4 text-warning" aria-hidden />
          What to write
        </p>
        <p className="mt-1.5 text-[13px] leading-5 text-muted">
          One line each is enough. The canon’s auto-rules read these and keep them as facts:
        </p>
        <dl className="mt-3 space-y-2.5">
          {WHAT_TO_WRITE.map(([term, text]) => (
            <div key={term}>
              <dt className="text-[13px] font-medium text-fg">{term}:</dt>
              <dd className="text-[13px] text-subtle">{text}</dd>
            </div>
          ))}
        </dl>
      </aside>
    </div>
  );
}
