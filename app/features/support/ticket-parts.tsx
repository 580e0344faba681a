/** Pieces both the user's screen and the staff panel draw: the status badge and the thread. */
import { Headset, User } from "lucide-react";
import type { TicketMessage } from "~/domain/contracts/support";
import { TICKET_STATUS_LABELS, type TicketStatus } from "~/domain/support";
import { Badge, cx, type BadgeTone } from "~/ui";

const STATUS_TONES: Record<TicketStatus, BadgeTone> = { open: "brand", waiting_on_you: "warning", answered: "success", closed: "neutral" };

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return (
    <span className="shrink-0" data-testid="ticket-status" data-status={status}>
      <Badge tone={STATUS_TONES[status]}>{TICKET_STATUS_LABELS[status]}</Badge>
    </span>
  );
}

export const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });

/** The conversation, oldest first; the team's messages sit on the other side and say so. */
export function TicketThread({ messages, viewer }: { messages: TicketMessage[]; viewer: "user" | "staff" }) {
  return (
    <ol className="flex flex-col gap-3" aria-label="Conversation" data-testid="ticket-thread">
      {messages.map((m) => {
        const staff = m.author === "staff";
        const own = (viewer === "staff") === staff;
        return (
          <li key={m.id} className={cx("flex", own ? "justify-end" : "justify-start")} data-testid={`message-${m.author}`}>
            <div className={cx("max-w-[88%] rounded-2xl border px-4 py-3 text-sm", staff ? "border-brand/25 bg-brand-soft/60" : "border-line bg-surface")}>
              <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
                {staff ? <Headset className="size-3.5 text-brand" aria-hidden /> : <User className="size-3.5" aria-hidden />}
                <span className="font-semibold text-fg">{m.authorName}</span>
                {staff && <span className="text-brand">Dropcraft team</span>}
                <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
              </p>
              <p className="mt-1.5 whitespace-pre-wrap break-words text-fg">{m.body}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
