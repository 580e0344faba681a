/** Small pieces the competitor views share. */
import { AlertTriangle, RefreshCw, X } from "lucide-react";
import { Button, IconButton } from "~/ui";

export function LoadError({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border border-danger/30 bg-danger/5 p-4 text-sm text-danger sm:flex-row sm:items-center">
      <AlertTriangle className="size-5 shrink-0" aria-hidden />
      <span className="flex-1">{message}</span>
      <Button variant="secondary" size="sm" loading={retrying} onClick={onRetry} icon={<RefreshCw className="size-3.5" aria-hidden />}>
        Try again
      </Button>
    </div>
  );
}

export function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton label={label} size="sm" onClick={onClick}>
      <X className="size-4" aria-hidden />
    </IconButton>
  );
}
