/**
 * Inboxes: one sub-tab per staff inbox. The panels belong to their features (support tickets,
 * feedback, partner applications, referral commissions) and are mounted by the admin route in
 * one line each: pass `{ id, label, Panel }` in ADMIN_INBOXES (admin-screen.tsx).
 */
import { Inbox } from "lucide-react";
import type { ComponentType } from "react";
import { EmptyState, Tabs, TabsContent, TabsList, TabsTrigger } from "~/ui";

export interface AdminInbox {
  id: string;
  label: string;
  Panel: ComponentType;
}

export function InboxesTab({ inboxes }: { inboxes: readonly AdminInbox[] }) {
  if (inboxes.length === 0) {
    return <EmptyState icon={Inbox} title="No inboxes are mounted" description="Support tickets, feedback, partner applications and commissions appear here once their panels are added." />;
  }
  return (
    <Tabs defaultValue={inboxes[0]!.id} data-testid="admin-inboxes">
      <TabsList aria-label="Inboxes" className="flex max-w-full overflow-x-auto">
        {inboxes.map((inbox) => (
          <TabsTrigger key={inbox.id} value={inbox.id} className="shrink-0">
            {inbox.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {inboxes.map(({ id, Panel }) => (
        <TabsContent key={id} value={id}>
          <Panel />
        </TabsContent>
      ))}
    </Tabs>
  );
}
