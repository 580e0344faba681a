import { useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "~/root";

export const DEFAULT_SUPPORT_EMAIL = "support@dropcraft.ai";
export const SECURITY_EMAIL = "security@dropcraft.ai";

/** The support address from the root loader (SUPPORT_EMAIL), or the default. */
export function useSupportEmail(): string {
  const data = useRouteLoaderData("root") as RootData | undefined;
  return data?.supportEmail || DEFAULT_SUPPORT_EMAIL;
}

export function MailLink({ email, subject }: { email: string; subject?: string }) {
  const href = `mailto:${email}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`;
  return (
    <a
      href={href}
      className="font-medium text-brand underline decoration-brand/40 underline-offset-2 hover:decoration-brand"
    >
      {email}
    </a>
  );
}

/** A mailto link to the configured support address. */
export function SupportEmailLink({ subject }: { subject?: string }) {
  return <MailLink email={useSupportEmail()} subject={subject} />;
}

export function SecurityEmailLink({ subject }: { subject?: string }) {
  return <MailLink email={SECURITY_EMAIL} subject={subject} />;
}
