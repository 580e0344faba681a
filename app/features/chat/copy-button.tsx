import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/ui/button";
import { IconButton } from "~/ui/icon-button";
import { Tip } from "~/ui/tooltip";
import { notify } from "~/lib/toast";

export async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older browsers and insecure origins: a hidden textarea and the copy command.
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy failed");
}

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
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await writeClipboard(text);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 1600);
    } catch {
      notify({ title: "Copy failed", description: "Your browser did not allow copying.", variant: "destructive" });
    }
  };

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
          onClick={() => void copy()}
          aria-label={label}
          className={`h-7 px-2 text-xs ${className}`}
          icon={icon}
        >
          <span>{copied ? "Copied" : "Copy"}</span>
          {status}
        </Button>
      ) : (
        <IconButton label={label} size="sm" onClick={() => void copy()} className={`text-subtle ${className}`}>
          {icon}
          {status}
        </IconButton>
      )}
    </Tip>
  );
}
