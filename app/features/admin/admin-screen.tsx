/** /admin: the staff area in tabs (Overview, Users, Inboxes, Audit log, Answer reports, Catalog jobs). */
import { useSearchParams } from "@remix-run/react";
import { AdminCommissionsPanel } from "~/features/affiliate";
import { AdminFeedbackPanel } from "~/features/feedback";
import { AdminPartnerApplicationsPanel } from "~/features/partners";
import { AdminTicketsPanel } from "~/features/support";
import { PageHeader, Tabs, TabsContent, TabsList, TabsTrigger } from "~/ui";
import { AnswerReportsTab } from "./answer-reports-tab";
import { AuditTab } from "./audit-tab";
import { CatalogTab } from "./catalog-tab";
import { InboxesTab, type AdminInbox } from "./inboxes-tab";
import { OverviewTab } from "./overview-tab";
import { UsersTab } from "./users-tab";

/** The staff inboxes, each served by its own feature. */
const ADMIN_INBOXES: readonly AdminInbox[] = [
  { id: "tickets", label: "Support tickets", Panel: AdminTicketsPanel },
  { id: "feedback", label: "Feedback", Panel: AdminFeedbackPanel },
  { id: "partners", label: "Partner applications", Panel: AdminPartnerApplicationsPanel },
  { id: "commissions", label: "Commissions", Panel: AdminCommissionsPanel },
];

const TABS = [
  { id: "overview", label: "Overview" },
  { id: "users", label: "Users" },
  { id: "inboxes", label: "Inboxes" },
  { id: "audit", label: "Audit log" },
  { id: "answers", label: "Answer reports" },
  { id: "catalog", label: "Catalog jobs" },
] as const;
type TabId = (typeof TABS)[number]["id"];

export function AdminScreen({ inboxes = ADMIN_INBOXES }: { inboxes?: readonly AdminInbox[] }) {
  // The tab lives in the URL (?tab=users), so a reload or a shared link opens the same one.
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: TabId = TABS.some((t) => t.id === requested) ? (requested as TabId) : "overview";
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6" data-testid="admin-screen">
      <PageHeader title="Admin" description="Run the business: figures, users, inboxes, the audit log, answers merchants reported and catalog jobs. Every action asks for a reason and is recorded." />
      <Tabs
        value={tab}
        onValueChange={(next) => {
          const nextParams = new URLSearchParams(params);
          if (next === "overview") nextParams.delete("tab");
          else nextParams.set("tab", next);
          setParams(nextParams, { replace: true, preventScrollReset: true });
        }}
        className="mt-6"
      >
        <TabsList aria-label="Admin sections" className="flex max-w-full overflow-x-auto">
          {TABS.map((t) => (
            <TabsTrigger key={t.id} value={t.id} className="shrink-0" data-testid={`admin-tab-${t.id}`}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="inboxes">
          <InboxesTab inboxes={inboxes} />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab />
        </TabsContent>
        <TabsContent value="answers">
          <AnswerReportsTab />
        </TabsContent>
        <TabsContent value="catalog">
          <CatalogTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
