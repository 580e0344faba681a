/** The Research data tab: the project's research as JSON, checked as it is typed, saved with Save. */
import { useQueryClient } from "@tanstack/react-query";
import { AlertCircle, Braces, Check, Loader2 } from "lucide-react";
import { useId, useMemo, useState } from "react";
import type { Project } from "~/domain/contracts/projects";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { Button, cx, Textarea } from "~/ui";
import { projectKeys } from "./project-keys";
import { formatResearchData, parseResearchData } from "./project-logic";
import { saveResearchData } from "./projects-client";
import { putProjectInCache } from "./use-projects";

const EXAMPLE = `{
  "niche": "pet supplies",
  "topProducts": [
    { "name": "Calming donut bed", "price": 39, "monthlyOrders": 1200 }
  ],
  "competitors": ["Chewy", "BarkBox"]
}`;

export function ResearchTab({ project }: { project: Project }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(() => formatResearchData(project.researchData));
  const [text, setText] = useState(saved);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const id = useId();
  const parsed = useMemo(() => parseResearchData(text), [text]);
  const changed = text !== saved;

  const save = async () => {
    if (!parsed.ok) return;
    setSaving(true);
    setSaveError(null);
    try {
      const answer = await saveResearchData(project.id, parsed.value);
      putProjectInCache(queryClient, answer);
      const formatted = formatResearchData(answer.researchData);
      setSaved(formatted);
      setText(formatted);
      setJustSaved(true);
      void queryClient.invalidateQueries({ queryKey: projectKeys.canon(project.id), exact: true });
    } catch (err) {
      console.warn("[projects] research-data sync failed:", err);
      const message = errorMessage(err, "Please try again.");
      setSaveError(message);
      notify({ title: "Couldn’t save the research data", description: message, variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="rounded-2xl border border-line bg-surface shadow-sm shadow-black/5" aria-labelledby={`${id}-label`}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-3 sm:px-5">
        <div className="min-w-0">
          <label id={`${id}-label`} htmlFor={id} className="text-sm font-semibold text-fg">
            Research data
          </label>
          <p className="text-[13px] text-muted">Any JSON: market numbers, product lists, notes from the Explorer. The canon’s auto-rules read it for facts.</p>
        </div>
        <div className="flex items-center gap-2">
          <Button
            variant="ghost"
            size="sm"
            icon={<Braces className="size-4" aria-hidden />}
            disabled={!parsed.ok || !text.trim()}
            onClick={() => parsed.ok && setText(formatResearchData(parsed.value))}
          >
            Format
          </Button>
          <Button size="sm" onClick={() => void save()} loading={saving} disabled={!parsed.ok || !changed} data-testid="research-save">
            Save
          </Button>
        </div>
      </div>
      <div className="p-3 sm:p-4">
        <Textarea
          id={id}
          value={text}
          spellCheck={false}
          onChange={(e) => {
            setText(e.target.value);
            setJustSaved(false);
            setSaveError(null);
          }}
          placeholder={EXAMPLE}
          aria-invalid={!parsed.ok || undefined}
          aria-describedby={`${id}-status`}
          className="min-h-[340px] resize-y font-mono text-[13px] leading-5 sm:min-h-[420px] sm:text-[13px]"
          data-testid="research-editor"
        />
        <p
          id={`${id}-status`}
          aria-live="polite"
          className={cx("mt-2 flex items-start gap-1.5 px-1 text-[13px]", parsed.ok ? (saveError ? "text-danger" : "text-muted") : "text-danger")}
          data-testid="research-status"
        >
          {!parsed.ok ? (
            <>
              <AlertCircle className="mt-0.5 size-3.5 shrink-0" aria-hidden />
              {parsed.message}
            </>
          ) : saveError ? (
            <>
              <AlertCircle className="mt-0.5 size-3.5 shrink-0" aria-hidden />
              Failed to save: {saveError}
            </>
          ) : saving ? (
            <>
              <Loader2 className="mt-0.5 size-3.5 shrink-0 animate-spin" aria-hidden />
              Saving…
            </>
          ) : justSaved && !changed ? (
            <span className="inline-flex items-center gap-1.5 text-accent">
              <Check className="size-3.5" aria-hidden />
              Saved
            </span>
          ) : changed ? (
            <span className="inline-flex items-center gap-1.5">
              <Check className="size-3.5 text-accent" aria-hidden />
              Valid JSON{text.trim() ? "" : " (empty clears the research data)"} · not saved yet
            </span>
          ) : (
            <span className="text-subtle">{text.trim() ? "Saved to the project." : "No research data yet. Paste JSON and press Save."}</span>
          )}
        </p>
      </div>
    </section>
  );
}
