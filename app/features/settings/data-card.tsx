import { Download, FileJson } from "lucide-react";
import { Button } from "~/features/auth";
import { notify } from "~/lib/toast";
import { useExportData } from "./account-api";
import { SectionCard } from "./section-card";

export function DataCard() {
  const exportData = useExportData();
  const onDownload = () =>
    exportData.mutate(undefined, {
      onSuccess: (fileName) =>
        notify({ title: "Download started", description: `Your data was saved as ${fileName}.`, variant: "success" }),
      onError: (failure) => notify({ title: "Error", description: failure.message, variant: "destructive" }),
    });
  return (
    <SectionCard
      id="data"
      title="Your data"
      description="Take a copy of everything Dropcraft stores about you."
      icon={FileJson}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-md text-sm text-muted">
          One JSON file with your profile, sign-in history, projects, chats with their messages, plan and usage history.
          Keep it somewhere safe — it holds personal information.
        </p>
        <Button
          variant="secondary"
          className="shrink-0"
          onClick={onDownload}
          pending={exportData.isPending}
          pendingLabel="Preparing..."
          data-testid="download-data"
        >
          <Download className="size-4" aria-hidden />
          Download my data
        </Button>
      </div>
    </SectionCard>
  );
}
