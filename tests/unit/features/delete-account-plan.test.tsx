/**
 * The delete-account dialog says what happens to a paid plan before the password is typed (issue 26):
 * a plan that still renews must be cancelled first (the server refuses until then, tested in
 * tests/integration/account.test.ts); a cancelled one is not refunded; Free has no plan line.
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { ModalProps } from "~/ui/modal";

// Radix renders an open dialog through a portal, which a static render leaves out: the Modal is
// replaced by its body in place, open or not.
vi.mock("~/ui/modal", () => ({
  Modal: (props: ModalProps & { children?: ReactNode }) => <div data-testid={props["data-testid"]}>{props.children}</div>,
}));
vi.mock("@remix-run/react", () => ({ useNavigate: () => () => {} }));
vi.mock("~/features/settings/account-api", () => ({ useDeleteAccount: () => ({ isPending: false, mutate: () => {} }) }));

type Subscription = { isPaid: boolean; planName: string; status: Record<string, unknown> | null };
let subscription: Subscription;
vi.mock("~/features/account", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/features/account")>()),
  useSubscription: () => subscription,
}));

const { DangerZone } = await import("~/features/settings/danger-zone");

/** The dialog's plan sentence, or null when it has none. */
function planLine(current: Subscription): string | null {
  subscription = current;
  const html = renderToStaticMarkup(<DangerZone />);
  const line = html.match(/<li data-testid="delete-account-plan">([\s\S]*?)<\/li>/);
  return line ? line[1].replace(/<!-- -->/g, "") : null;
}

const paidStatus = { hasActiveSubscription: true, cancelAtPeriodEnd: false, customerId: "cus_123", currentPeriodEnd: "2026-12-28T12:00:00.000Z" };

describe("the delete-account dialog and a paid plan", () => {
  it("asks for a renewing plan to be cancelled first, naming the plan and its renewal date", () => {
    expect(planLine({ isPaid: true, planName: "Growth", status: paidStatus })).toBe(
      "• Your Growth plan renews on Dec 28, 2026: cancel it in Manage billing first, so you are not charged for an account that no longer exists. Until then the account cannot be deleted.",
    );
  });

  it("says a plan already cancelled is not refunded for the rest of its period", () => {
    expect(planLine({ isPaid: true, planName: "Growth", status: { ...paidStatus, cancelAtPeriodEnd: true } })).toBe(
      "• Your Growth plan is not refunded for the rest of its period.",
    );
  });

  it("has no plan line on Free", () => {
    expect(planLine({ isPaid: false, planName: "Free", status: null })).toBeNull();
  });
});
