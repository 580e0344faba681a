import { Info, Mail } from "lucide-react";
import type { AuthUser } from "~/features/account";
import { EmailChangeForm } from "~/features/auth";
import { Badge, SectionCard } from "./section-card";

export function EmailCard({ user }: { user: AuthUser }) {
  return (
    <SectionCard id="email" title="Email" description="Where we send sign-in, security and billing emails." icon={Mail}>
      <div className="mb-5 flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-xl border border-line bg-bg-elevated px-4 py-3">
        <span className="text-sm text-muted">Current address</span>
        <span className="min-w-0 break-all text-sm font-medium text-fg" data-testid="settings-current-email">
          {user.email}
        </span>
        {user.emailVerified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Pending</Badge>}
      </div>
      <div className="mb-5 flex gap-3 rounded-xl border border-warning/30 bg-warning/10 px-4 py-3 text-[13px] leading-relaxed text-fg">
        <Info className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        <p id="email-change-note">
          Changing your email sends a verification link to the new address. Until you open it, your account counts as
          unverified and Dropcraft stays locked behind the verification screen.
        </p>
      </div>
      <div className="max-w-md">
        <EmailChangeForm currentEmail={user.email} idPrefix="settings-email" />
      </div>
    </SectionCard>
  );
}
