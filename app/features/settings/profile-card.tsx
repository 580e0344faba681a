import { UserAvatar } from "~/ui/user-avatar";
import { UserRound } from "lucide-react";
import { useState } from "react";
import { Button, FormAlert, TextField } from "~/features/auth";
import { useForm } from "~/features/auth";
import { usernameError } from "~/features/auth";
import type { AuthUser } from "~/features/account";
import { notify } from "~/lib/toast";
import { useChangeUsername } from "./account-api";
import { SectionCard } from "./section-card";

const FIELDS = ["username"] as const;

export function ProfileCard({ user }: { user: AuthUser }) {
  const change = useChangeUsername();
  const [alert, setAlert] = useState<string>();
  const form = useForm({
    idPrefix: "settings-username",
    fields: FIELDS,
    initial: { username: user.username },
    validate: (v) => ({ username: usernameError(v.username) }),
  });
  const unchanged = form.values.username.trim() === user.username;

  const onSubmit = form.handleSubmit((values) => {
    setAlert(undefined);
    const username = values.username.trim();
    if (username === user.username) return;
    change.mutate(
      { username },
      {
        onSuccess: (result) => {
          form.reset({ username: result.data.username });
          notify({ title: "Profile updated", description: result.message, variant: "success" });
        },
        onError: (failure) => {
          const { needsAlert } = form.applyFailure(failure);
          if (needsAlert) setAlert(failure.message);
        },
      },
    );
  });

  return (
    <SectionCard id="profile" title="Profile" description="How you appear across Dropcraft." icon={UserRound}>
      <div className="mb-5 flex items-center gap-4">
        <UserAvatar user={user} size="lg" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-fg">{user.username}</p>
          <p className="truncate text-sm text-muted">{user.email}</p>
        </div>
      </div>
      <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="username-form">
        <FormAlert message={alert} testId="username-alert" />
        <TextField
          label="Username"
          field={form.field("username")}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={64}
          hint="3–32 characters: letters, digits, dots, dashes or underscores. You can log in with it."
          className="max-w-md"
        />
        <Button type="submit" pending={change.isPending} pendingLabel="Saving..." disabled={unchanged}>
          Save username
        </Button>
      </form>
    </SectionCard>
  );
}
