import { ArrowUpRight, Dumbbell, Megaphone, PawPrint, Store, type LucideIcon } from "lucide-react";
import { AssistantAvatar } from "./message-item";
import { Tile } from "~/ui";

export interface StarterPrompt {
  prompt: string;
  hint: string;
  icon: LucideIcon;
}

export const STARTER_PROMPTS: readonly StarterPrompt[] = [
  { prompt: "Find winning products in pet supplies", hint: "Demand, margins and competition", icon: PawPrint },
  { prompt: "Compare home fitness and kitchen gadgets", hint: "Side-by-side niche comparison", icon: Dumbbell },
  {
    prompt: "Write ad hooks for a posture corrector",
    hint: "Scroll-stopping angles for Meta and TikTok",
    icon: Megaphone,
  },
  { prompt: "Which stores sell phone accessories?", hint: "Competitors, pricing and positioning", icon: Store },
];

/** The new-chat state: a greeting and four starter prompts (each one asks at once). */
export function EmptyChat({ onPick, disabled }: { onPick(prompt: string): void; disabled?: boolean }) {
  return (
    <div
      className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center px-4 py-6 sm:px-6 sm:py-10"
      data-testid="chat-empty"
    >
      <AssistantAvatar className="size-10 sm:size-12 [&>svg]:size-5 sm:[&>svg]:size-6" />
      <h1 className="mt-4 text-center sm:mt-5 text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
        What are we selling next?
      </h1>
      <p className="mt-2 max-w-md text-center text-[15px] leading-6 text-muted">
        Ask about winning products, niches, competitor stores or ad angles. Answers show their sources.
      </p>
      <ul className="mt-6 grid w-full gap-2 sm:mt-8 sm:grid-cols-2 sm:gap-2.5" aria-label="Suggested questions">
        {STARTER_PROMPTS.map(({ prompt, hint, icon: Icon }) => (
          <li key={prompt}>
            <Tile
              radius="2xl"
              disabled={disabled}
              onClick={() => onPick(prompt)}
              data-testid="chat-starter"
              className="group flex h-full w-full items-center gap-3 px-3.5 py-3 hover:-translate-y-px hover:bg-surface-2 disabled:pointer-events-none sm:items-start sm:px-4 sm:py-3.5"
            >
              <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-brand-soft text-brand transition-colors group-hover:bg-brand-strong group-hover:text-white">
                <Icon className="size-[18px]" aria-hidden />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium leading-5 text-fg">{prompt}</span>
                <span className="mt-0.5 block text-xs leading-5 text-subtle max-sm:hidden">{hint}</span>
              </span>
              <ArrowUpRight
                className="mt-0.5 size-4 shrink-0 text-subtle opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
                aria-hidden
              />
            </Tile>
          </li>
        ))}
      </ul>
    </div>
  );
}
