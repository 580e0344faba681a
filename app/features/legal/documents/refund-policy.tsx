import { Link } from "@remix-run/react";
import { GROWTH_PRICES, formatPrice } from "~/domain/pricing";
import type { LegalDocument } from "~/features/legal/legal-layout";
import { Callout, LegalTable } from "~/features/legal/prose";
import { SupportEmailLink } from "~/features/legal/support-email";

/** Days after the first yearly purchase in which a full refund is given. */
export const YEARLY_REFUND_DAYS = 14;

export const REFUND_POLICY: LegalDocument = {
  path: "/refund-policy",
  title: "Refund Policy",
  summary: (
    <p>
      How cancelling, switching between monthly and yearly billing, and refunds work for the Dropcraft Growth plan. We
      want you to pay for Dropcraft because it helps your store, not because cancelling is hard.
    </p>
  ),
  sections: [
    {
      id: "summary",
      title: "The short version",
      body: (
        <Callout>
          <ul className="mt-2!">
            <li>
              Cancel any time in the billing customer portal; you keep Growth until the end of the period you paid for.
            </li>
            <li>
              Your first yearly purchase has a {YEARLY_REFUND_DAYS}-day money-back guarantee: a full refund, no
              questions asked.
            </li>
            <li>Monthly payments are not refunded for part of a month, except for billing mistakes.</li>
            <li>Duplicate or mistaken charges are always refunded in full.</li>
          </ul>
        </Callout>
      ),
    },
    {
      id: "free-plan",
      title: "Free plan",
      body: (
        <p>
          The Free plan costs nothing and needs no card, so there is nothing to refund. We suggest trying Dropcraft on
          the Free plan before you upgrade.
        </p>
      ),
    },
    {
      id: "growth-monthly",
      title: "Growth, billed monthly",
      body: (
        <>
          <p>
            Growth monthly costs <strong>{formatPrice(GROWTH_PRICES.monthly)} per month</strong>, charged at the start
            of each billing month.
          </p>
          <ul>
            <li>You can cancel at any time; the subscription then ends at the close of the current month.</li>
            <li>
              We do not refund the unused part of a month. You keep Growth, including any page generations and exports
              left in that month, until the month ends.
            </li>
            <li>
              If you were charged for a renewal you did not intend and have not used any Growth feature since that
              charge, write to us within 7 days and we will refund it.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "growth-yearly",
      title: "Growth, billed yearly",
      body: (
        <>
          <p>
            Growth yearly costs <strong>{formatPrice(GROWTH_PRICES.yearly)} per year</strong>, charged once at the start
            of each year.
          </p>
          <ul>
            <li>
              <strong>{YEARLY_REFUND_DAYS}-day money-back guarantee on your first yearly purchase.</strong> If you ask
              within {YEARLY_REFUND_DAYS} days of that charge, we refund it in full, whatever the reason.
            </li>
            <li>
              After {YEARLY_REFUND_DAYS} days, a yearly payment is not refunded for the unused months; you keep Growth
              until the year ends.
            </li>
            <li>
              Yearly renewals: if a renewal charged you by mistake and you have not used any Growth feature since it,
              write to us within {YEARLY_REFUND_DAYS} days of the renewal date and we will refund it.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "switching",
      title: "Switching between monthly and yearly",
      body: (
        <LegalTable
          caption="Plan changes"
          hideCaption
          columns={["Change", "What happens"]}
          rows={[
            [
              "Monthly to yearly",
              "Takes effect at once. The unused part of your current month is credited against the yearly price, and a new yearly period starts that day.",
            ],
            ["Yearly to monthly", "Takes effect when your current year ends; until then you keep yearly billing."],
            [
              "Growth to Free",
              "Cancel in the portal. Growth stays active until the paid period ends, then your account moves to Free.",
            ],
          ]}
        />
      ),
    },
    {
      id: "how-to-cancel",
      title: "How to cancel",
      body: (
        <>
          <ol>
            <li>
              In the app, open <strong>Usage &amp; billing</strong> from the account menu and choose{" "}
              <strong>Manage billing</strong>. This opens Stripe&rsquo;s secure customer portal.
            </li>
            <li>
              Choose <strong>Cancel plan</strong> and confirm.
            </li>
            <li>You get a confirmation email. Nothing more is charged.</li>
          </ol>
          <p>
            Your chats, projects and files stay in your account after cancelling. The portal is also where you update
            your card, download invoices and change billing interval.
          </p>
        </>
      ),
    },
    {
      id: "how-to-request",
      title: "How to request a refund",
      body: (
        <>
          <p>
            Write to <SupportEmailLink subject="Refund request" /> from the email address on your account, with the date
            of the charge. You do not need to give a reason for a {YEARLY_REFUND_DAYS}-day guarantee refund.
          </p>
          <ul>
            <li>We answer within 2 business days.</li>
            <li>
              Refunds go back to the original payment method through Stripe. Banks usually show them within 5 to 10
              business days.
            </li>
            <li>When a payment is refunded, the period it paid for ends and your account moves to the Free plan.</li>
          </ul>
        </>
      ),
    },
    {
      id: "chargebacks",
      title: "Chargebacks",
      body: (
        <p>
          If something is wrong with a charge, please contact us before disputing it with your bank; we can usually fix
          it faster. While a dispute is open, we may pause paid features on the account.
        </p>
      ),
    },
    {
      id: "your-rights",
      title: "Your legal rights",
      body: (
        <p>
          This policy adds to your rights under consumer law and does not take any away. Where the law of your country
          gives you a longer cancellation or refund right, that right applies. See also our{" "}
          <Link to="/terms">Terms of Service</Link>.
        </p>
      ),
    },
  ],
};
