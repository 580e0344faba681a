import { Link } from "@remix-run/react";
import { ChartColumn, ChevronRight, FileJson, KeyRound, Mail, MonitorSmartphone, TriangleAlert, UserRound } from "lucide-react";
import { useCurrentUser } from "~/features/account";
import { DangerZone } from "./danger-zone";
import { DataCard } from "./data-card";
import { EmailCard } from "./email-card";
import { PasswordCard } from "./password-card";
import { ProfileCard } from "./profile-card";
import { SessionsCard } from "./sessions-card";

const SECTIONS = [
  { id: "profile", label: "Profile", icon: UserRound },
  { id: "email", label: "Email", icon: Mail },
  { id: "password", label: "Password", icon: KeyRound },
  { id: "sessions", label: "Active sessions", icon: MonitorSmartphone },
  { id: "data", label: "Your data", icon: FileJson },
  { id: "danger", label: "Danger zone", icon: TriangleAlert },
] as const;

/** The one settings screen behind /settings, /profile and /account. */
export function SettingsScreen() {
  const { user } = useCurrentUser();
  if (!user) return null; // The guard shows its loader or redirects meanwhile.

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8" data-testid="settings-screen">
      <header className="mb-8">
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Settings</h1>
        <p className="mt-1.5 text-[15px] text-muted">Manage your profile, sign-in details, devices and data.</p>
      </header>

      <div className="lg:grid lg:grid-cols-[200px_minmax(0,1fr)] lg:gap-10">
        <nav aria-label="Settings sections" className="mb-6 lg:mb-0">
          <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 lg:sticky lg:top-8 lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0">
            {SECTIONS.map(({ id, label, icon: Icon }) => (
              <li key={id} className="shrink-0">
                <a
                  href={`#${id}`}
                  className={`flex items-center gap-2.5 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors hover:bg-surface-2 ${
                    id === "danger" ? "text-danger" : "text-muted hover:text-fg"
                  }`}
                >
                  <Icon className="size-4" aria-hidden />
                  {label}
                </a>
              </li>
            ))}
            {/* The spec lists /usage with the settings paths; it is its own screen (ADR 025), reached from here. */}
            <li className="shrink-0 lg:mt-2 lg:border-t lg:border-line lg:pt-2">
              <Link
                to="/usage"
                className="flex items-center gap-2.5 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-muted transition-colors hover:bg-surface-2 hover:text-fg"
                data-testid="settings-usage-link"
              >
                <ChartColumn className="size-4" aria-hidden />
                Usage &amp; limits
                <ChevronRight className="ml-auto size-4 text-subtle" aria-hidden />
              </Link>
            </li>
          </ul>
        </nav>

        <div className="min-w-0 space-y-6">
          <ProfileCard user={user} />
          <EmailCard user={user} />
          <PasswordCard user={user} />
          <SessionsCard />
          <DataCard />
          <DangerZone />
        </div>
      </div>
    </div>
  );
}
