import { Link } from "@remix-run/react";
import type { LegalDocument } from "~/features/legal/legal-layout";
import { Callout, LegalTable } from "~/features/legal/prose";
import { SupportEmailLink } from "~/features/legal/support-email";

export const PRIVACY: LegalDocument = {
  path: "/privacy",
  title: "Privacy Policy",
  summary: (
    <p>
      This policy explains what personal data Dropcraft collects when you use our website and workspace, why we collect
      it, who processes it for us, how long we keep it, and how you can see, export or delete it.
    </p>
  ),
  sections: [
    {
      id: "summary",
      title: "The short version",
      body: (
        <>
          <Callout>
            <ul className="mt-2!">
              <li>
                We collect what we need to run your workspace: your account, your chats and projects, and usage counts.
              </li>
              <li>We do not sell your personal data and we do not use advertising cookies.</li>
              <li>Stripe handles your card; we never see or store your card number.</li>
              <li>Your prompts go to an AI provider only to produce your answer.</li>
              <li>You can download all your data or delete your account yourself, from Settings, at any time.</li>
            </ul>
          </Callout>
          <p>
            Dropcraft is the controller of the personal data described here. If you have a question, write to{" "}
            <SupportEmailLink subject="Privacy question" />.
          </p>
        </>
      ),
    },
    {
      id: "what-we-collect",
      title: "What we collect",
      body: (
        <>
          <h3>Account data</h3>
          <p>
            Your username, email address, whether your email is verified, your plan, and your password &mdash; stored
            only as a salted one-way hash, never in readable form. If you join through an affiliate link we record the
            referral.
          </p>
          <h3>Your workspace content</h3>
          <ul>
            <li>Chats and messages, including research answers, their summaries and citations.</li>
            <li>
              Projects: business instructions, knowledge-base files you upload (stored in our object storage), research
              data and the shared project context.
            </li>
            <li>Product URLs you submit, and the pages, copy and images generated for you.</li>
            <li>Support tickets and feedback you send us.</li>
          </ul>
          <h3>Usage data</h3>
          <p>
            Counters of what you use each day and month (AI queries, prompts, images, marketing visuals, launcher and
            advisor runs, page generations and exports), so we can apply your plan&rsquo;s limits and show them to you,
            plus a usage history for billing questions.
          </p>
          <h3>Billing data</h3>
          <p>
            If you subscribe, <strong>payment is handled by Stripe</strong>. We receive and keep your Stripe customer
            and subscription identifiers, your plan, billing interval, subscription status and renewal date, and invoice
            records. <strong>We never receive or store your card number</strong>; Stripe processes card data under its
            own PCI DSS certification and privacy policy.
          </p>
          <h3>Technical data</h3>
          <p>
            Your IP address, browser type and request logs, and for each signed-in session the browser and IP address it
            started from, so you can recognise your sessions in Settings. We use them to keep the Service secure (rate
            limits, abuse and fraud detection) and to fix errors. We do not use them to build advertising profiles.
          </p>
          <h3>Store connection</h3>
          <p>
            If you connect a store platform such as Shopify to export pages, we store the store address and the access
            token it grants us, and only use it to create the items you export.
          </p>
        </>
      ),
    },
    {
      id: "how-we-use",
      title: "How we use it and our legal bases",
      body: (
        <LegalTable
          caption="Purposes of processing"
          hideCaption
          columns={["Purpose", "Data used", "Legal basis (GDPR)"]}
          rows={[
            ["Run your account and workspace", "Account data, workspace content", "Performing our contract with you"],
            ["Apply plan limits and show your usage", "Usage data, plan", "Performing our contract"],
            ["Take payments and keep invoices", "Billing data", "Contract; legal obligation (tax records)"],
            [
              "Send sign-in, verification, security and billing emails",
              "Email address",
              "Contract; legitimate interest in account security",
            ],
            [
              "Protect the Service against abuse and attacks",
              "Technical data, usage data",
              "Legitimate interest in security",
            ],
            ["Answer support requests", "Messages you send, account data", "Contract; legitimate interest"],
            ["Send our newsletter", "Email address", "Your consent; unsubscribe at any time"],
          ]}
        />
      ),
    },
    {
      id: "ai-providers",
      title: "AI providers",
      body: (
        <>
          <p>
            To answer a chat, write copy or create an image, we send your prompt &mdash; and where relevant your
            project&rsquo;s instructions, context and excerpts of its knowledge-base files &mdash; to the AI model
            provider that powers that feature. Dropcraft works with OpenAI-compatible providers; the provider processes
            the request on our behalf to return the result.
          </p>
          <ul>
            <li>We send only what the task needs, and never your password or payment details.</li>
            <li>
              We use provider offerings that do not use API inputs to train their models, and we do not sell or give
              your content to anyone for model training.
            </li>
            <li>
              Please do not put sensitive personal data (health information, ID numbers, card numbers) into prompts or
              uploaded files.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "sharing",
      title: "Who we share data with",
      body: (
        <>
          <p>
            We do not sell your personal data, and we do not share it for cross-context behavioural advertising. We
            share it only with service providers that process it for us under a data processing agreement:
          </p>
          <LegalTable
            caption="Service providers"
            hideCaption
            columns={["Provider", "What they do for us", "Data involved"]}
            rows={[
              ["Cloudflare", "Hosting, database, file storage, network security", "All Service data"],
              [
                "Stripe",
                "Payments, invoices, the billing customer portal",
                "Email, billing data, card details (Stripe only)",
              ],
              ["Resend", "Sending account and billing emails", "Email address, email content"],
              [
                "AI model providers",
                "Generating answers, copy and images",
                "Prompts and the project context a task needs",
              ],
              [
                "Store platforms you connect (e.g. Shopify)",
                "Receiving pages and products you export",
                "The exported content",
              ],
              ["Newsletter provider", "Sending our newsletter, only if you subscribe", "Email address"],
            ]}
          />
          <p>
            We may also disclose data when the law requires it, to protect the rights and safety of our users or the
            Service, or to a buyer of our business, who would remain bound by this policy.
          </p>
        </>
      ),
    },
    {
      id: "cookies",
      title: "Cookies and local storage",
      body: (
        <>
          <p>We only use cookies and browser storage that the Service needs to work or that remember your choices:</p>
          <ul>
            <li>
              a <strong>session cookie</strong> that keeps you signed in; it is <code>HttpOnly</code>, so scripts in the
              page cannot read it;
            </li>
            <li>
              an <code>XSRF-TOKEN</code> cookie that protects your account against cross-site request forgery;
            </li>
            <li>
              a <code>theme</code> cookie that remembers whether you chose the light or dark theme.
            </li>
          </ul>
          <p>
            We use no third-party advertising or tracking cookies. Every cookie and local-storage key is listed in our{" "}
            <Link to="/cookie-policy">Cookie Policy</Link>.
          </p>
        </>
      ),
    },
    {
      id: "retention",
      title: "How long we keep data",
      body: (
        <LegalTable
          caption="Retention periods"
          hideCaption
          columns={["Data", "How long"]}
          rows={[
            ["Account data", "While your account exists"],
            ["Chats, projects and uploaded files", "Until you delete them or your account"],
            ["Usage counters and history", "While your account exists; daily counters reset every day"],
            [
              "Sessions",
              "Until you log out or the session expires; ended at once by a password reset or account deletion",
            ],
            ["Invoices and payment records", "As long as tax and accounting law requires (usually 7 years)"],
            ["Security and request logs", "Up to 90 days"],
            ["Database backups", "Deleted data leaves our backups within 30 days"],
          ]}
        />
      ),
    },
    {
      id: "your-rights",
      title: "Your rights",
      body: (
        <>
          <p>Wherever you live, you can use these controls yourself, without asking us:</p>
          <ul>
            <li>
              <strong>Access and portability:</strong> Settings &rarr; <strong>Download my data</strong> gives you a
              machine-readable copy of your account, chats, projects and usage.
            </li>
            <li>
              <strong>Deletion:</strong> Settings &rarr; <strong>Delete my account</strong> (confirmed with your
              password) cancels your subscription, signs you out everywhere and deletes your data from our live systems
              (backups follow within 30 days).
            </li>
            <li>
              <strong>Correction:</strong> edit your profile in Settings, or ask us.
            </li>
          </ul>
          <h3>If you are in the EU, EEA or UK (GDPR)</h3>
          <p>
            You have the right to access, correct, delete, restrict and port your data, to object to processing based on
            legitimate interests, to withdraw consent at any time, and to complain to your data protection authority.
          </p>
          <h3>If you are a California resident (CCPA/CPRA)</h3>
          <p>
            You have the right to know what personal information we collect and how we use it, to delete and correct it,
            and to opt out of its sale or sharing &mdash; which we do not do. We will not treat you differently for
            using these rights.
          </p>
          <p>
            For any request you cannot complete in Settings, write to <SupportEmailLink subject="Privacy request" />. We
            may ask you to confirm it comes from your account email, and we answer within 30 days.
          </p>
        </>
      ),
    },
    {
      id: "security",
      title: "Security",
      body: (
        <p>
          Passwords are hashed, sessions are stored on our servers and can be revoked, all traffic uses HTTPS, and every
          request for your data is checked against your account. The details are in our{" "}
          <Link to="/security-policy">Security Policy</Link>.
        </p>
      ),
    },
    {
      id: "transfers",
      title: "International transfers",
      body: (
        <p>
          Dropcraft runs on Cloudflare&rsquo;s global network, and our providers may process data in the United States
          and other countries. Where data leaves the EEA or UK, we rely on the European Commission&rsquo;s Standard
          Contractual Clauses or an equivalent safeguard.
        </p>
      ),
    },
    {
      id: "children",
      title: "Children",
      body: (
        <p>
          Dropcraft is a business tool and is not meant for children. We do not knowingly collect data from anyone under
          16. If you think a child has given us personal data, contact us and we will delete it.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to this policy",
      body: (
        <p>
          When we change this policy we update the date at the top of this page. If a change is significant, we tell you
          by email or in the app before it takes effect.
        </p>
      ),
    },
    {
      id: "contact",
      title: "Contact",
      body: (
        <p>
          Privacy questions and requests: <SupportEmailLink subject="Privacy request" />.
        </p>
      ),
    },
  ],
};
