/**
 * The launcher for an account without the launcher flag: what it does and how to ask for it. No
 * launcher API is called (every route would answer 403).
 */
import { Link } from "@remix-run/react";
import { BarChart3, CheckCircle2, Image as ImageIcon, Lock, MessageSquareText, Rocket, Target } from "lucide-react";
import { Badge, buttonClasses, PageHeader } from "~/ui";

const WHAT_IT_DOES = [
  { icon: Target, title: "From a product to a campaign", text: "Pick a product and where the ad leads: its live drop page or the product in your store. We check the page answers." },
  { icon: ImageIcon, title: "Creatives in every shape", text: "Images from your gallery in the shapes Meta needs: 1:1 feed, 9:16 stories and reels, 1.91:1 link ads." },
  { icon: MessageSquareText, title: "Copy from your record", text: "Three variants written from the product's record and your project's canon, within Meta's length guidance. No made-up reviews." },
  { icon: Rocket, title: "Launched paused", text: "Campaign, ad set, creatives and ads are made in your Meta ad account, all paused, so nothing spends until you switch it on." },
  { icon: BarChart3, title: "Manage and measure", text: "Activate, pause or delete, and read spend, clicks, purchases and ROAS, with your break-even CPA beside the budget." },
];

export const LAUNCHER_ACCESS_SUBJECT = "AI Launcher access";

export function LauncherNoAccess() {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6" data-testid="launcher-no-access">
      <PageHeader
        title={
          <span className="inline-flex flex-wrap items-center gap-3">
            AI Launcher <Badge tone="warning">Coming soon</Badge>
          </span>
        }
        description="Go from a product, its page and its visuals to a paused Meta campaign you control, in about a minute."
      />
      <section className="mt-6 rounded-2xl border border-line bg-surface p-5 sm:p-6" aria-labelledby="launcher-access-title">
        <div className="flex items-start gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-warning/10 text-warning" aria-hidden>
            <Lock className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 id="launcher-access-title" className="text-base font-semibold text-fg">
              The launcher is open to a few accounts while we test it with Meta
            </h2>
            <p className="mt-1 text-sm text-muted">
              Ask for access and our team turns it on for your account. You will connect your own Meta ad account; every
              launch starts paused and counts toward your plan's daily ad launches.
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <Link
                to={`/support?subject=${encodeURIComponent(LAUNCHER_ACCESS_SUBJECT)}&category=feature-question`}
                className={buttonClasses({ variant: "primary" })}
                data-testid="ask-launcher-access"
              >
                Ask for access
              </Link>
              <Link to="/help" className={buttonClasses({ variant: "secondary" })}>
                Help Center
              </Link>
            </div>
          </div>
        </div>
      </section>
      <h2 className="mt-8 text-sm font-semibold uppercase tracking-wide text-subtle">What the launcher does</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {WHAT_IT_DOES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3 rounded-xl border border-line bg-surface p-4">
            <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand" />
            <div>
              <p className="text-sm font-semibold text-fg">{title}</p>
              <p className="mt-0.5 text-[13px] text-muted">{text}</p>
            </div>
          </li>
        ))}
        <li className="flex gap-3 rounded-xl border border-dashed border-line p-4">
          <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
          <p className="text-[13px] text-muted">
            Meanwhile, build the pieces: a drop page in the <Link className="font-medium text-brand hover:underline" to="/droppage">page builder</Link> and
            ad visuals in <Link className="font-medium text-brand hover:underline" to="/marketing-visuals">Marketing Visuals</Link>.
          </p>
        </li>
      </ul>
    </div>
  );
}
