import { Check, Copy } from "lucide-react";
import { Button } from "~/ui/button";
import { IconButton } from "~/ui/icon-button";
import { Tip } from "~/ui/tooltip";
import { useCopyText } from "~/ui/use-copy-text";

/** Copies text; the icon turns into a tick for a moment and screen readers hear "Copied". */
export function CopyButton({
  text,
  label = "Copy",
  size = "md",
  className = "",
}: {
  text: string;
  label?: string;
  size?: "sm" | "md";
  className?: string;
}) {
  const { copy, copied } = useCopyText({
    failedToast: { title: "Copy failed", description: "Your browser did not allow copying.", variant: "destructive" },
    copiedForMs: 1600,
  });

  const icon = copied ? <Check className="size-4 text-accent" aria-hidden /> : <Copy className="size-4" aria-hidden />;
  const status = (
    <span className="sr-only" aria-live="polite">
      {copied ? "Copied" : ""}
    </span>
  );
  return (
    <Tip content={copied ? "Copied" : label}>
      {size === "sm" ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void copy(text)}
          aria-label={label}
          className={`h-7 px-2 text-xs ${className}`}
          icon={icon}
        >
          <span>{copied ? "Copied" : "Copy"}</span>
          {status}
        </Button>
      ) : (
        <IconButton label={label} size="sm" onClick={() => void copy(text)} className={`text-subtle ${className}`}>
          {icon}
          {status}
        </IconButton>
      )}
    </Tip>
  );
}
