import { Link } from "@remix-run/react";
import type { LegalDocument } from "~/features/legal/legal-layout";
import { Callout, LegalTable } from "~/features/legal/prose";
import { SecurityEmailLink, SupportEmailLink } from "~/features/legal/support-email";

export const SECURITY_POLICY: LegalDocument = {
  path: "/security-policy",
  title: "Security Policy",
  summary: (
    <p>
      Your store research, product plans and customer-facing copy are business assets. This page explains how we protect
      them and your account, and how security researchers can report a vulnerability to us safely.
    </p>
  ),
  sections: [
    {
      id: "overview",
      title: "Our approach",
      body: (
        <>
          <Callout title="Found a vulnerability?">
            Email <SecurityEmailLink subject="Vulnerability report" />. We acknowledge reports within 2 business days
            and protect good-faith research under the safe-harbor terms below.
          </Callout>
          <p>
            We design Dropcraft to the OWASP Application Security Verification Standard (level 1) and add the controls
            an AI workspace that fetches URLs and takes payments needs. Security checks run as automated tests on every
            change, so they do not depend on someone remembering them.
          </p>
        </>
      ),
    },
    {
      id: "passwords",
      title: "Accounts and passwords",
      body: (
        <ul>
          <li>
            Passwords must be at least 8 characters and are checked against a list of commonly used passwords. We do not
            force odd composition rules, and we never truncate a password.
          </li>
          <li>
            Passwords are <strong>hashed with PBKDF2-SHA256</strong> using a unique random salt per password. The
            parameters are stored with each hash so we can strengthen them over time: your hash is upgraded the next
            time you sign in. Nobody at Dropcraft can read your password.
          </li>
          <li>A verified email address is required before the workspace opens.</li>
          <li>
            Sign-in, sign-up and password-reset answers do not reveal whether an account exists for an email address.
          </li>
          <li>Password-reset links work once and expire after one hour; using one signs you out everywhere else.</li>
        </ul>
      ),
    },
    {
      id: "sessions",
      title: "Sessions",
      body: (
        <ul>
          <li>
            <strong>Sessions are stored on our servers</strong> and identified by a 128-bit random id. The signed token
            your browser holds only points to that session, with a fixed algorithm, issuer, audience and expiry.
          </li>
          <li>
            <strong>Sessions are revocable:</strong> logging out ends the session on the server, and a password reset or
            account deletion ends every session of the account at once. You can review your active sessions in Settings
            and sign any of them out.
          </li>
          <li>
            The session cookie is <code>HttpOnly</code>, <code>Secure</code> and <code>SameSite=Lax</code>, so page
            scripts cannot read it and other sites cannot use it.
          </li>
          <li>
            Requests that change data must carry an <code>X-XSRF-TOKEN</code> header matching the{" "}
            <code>XSRF-TOKEN</code> cookie, which protects you against cross-site request forgery. No page changes data
            on a simple visit (GET request).
          </li>
        </ul>
      ),
    },
    {
      id: "transport",
      title: "Encryption and browser protections",
      body: (
        <ul>
          <li>
            All traffic uses <strong>HTTPS</strong>. We send HTTP Strict Transport Security (HSTS) for two years,
            including subdomains, so browsers refuse unencrypted connections.
          </li>
          <li>
            A strict <strong>Content Security Policy</strong> allows only our own scripts, each page load with a fresh
            random nonce; there are no inline event handlers. This blocks most cross-site scripting attacks.
          </li>
          <li>
            Pages cannot be framed by other sites (clickjacking protection), browsers are told not to guess content
            types, referrers are trimmed, and camera, microphone and location access are disabled.
          </li>
          <li>Data in our database and file storage is encrypted at rest by our hosting provider, Cloudflare.</li>
        </ul>
      ),
    },
    {
      id: "abuse",
      title: "Rate limits and abuse protection",
      body: (
        <ul>
          <li>
            <strong>Rate limits</strong> apply to sign-in, sign-up, verification emails, password resets and every AI
            call, per account and per client, to stop password guessing and runaway costs.
          </li>
          <li>Plan usage is metered atomically on the server, so limits cannot be raced from several tabs.</li>
          <li>
            When Dropcraft fetches a product URL you give it, the request goes through a single guard: only http and
            https, no private, loopback or link-local addresses (checked again after every redirect), and caps on size
            and time. This protects our network and yours against server-side request forgery.
          </li>
        </ul>
      ),
    },
    {
      id: "data-access",
      title: "Who can see your data",
      body: (
        <ul>
          <li>
            <strong>Every query is scoped to the signed-in user.</strong> Chats, projects, files and usage belong to one
            account; an automated test suite tries every resource with another user&rsquo;s ids and must be refused.
          </li>
          <li>
            Staff access is a role stored in our database and checked on the server, not hidden in the interface. Staff
            look at account data only to answer your support request or to investigate abuse.
          </li>
          <li>
            Payments are handled by Stripe, a PCI DSS Level 1 provider; card numbers never touch our systems. Stripe
            webhooks are verified by their signature, within a 5-minute window, and each event is processed once.
          </li>
          <li>
            Secrets such as API keys live in the hosting environment, never in source code, and the app checks its
            configuration when it starts.
          </li>
        </ul>
      ),
    },
    {
      id: "incidents",
      title: "If something goes wrong",
      body: (
        <p>
          If we learn of a breach that affects your personal data, we contain it, tell affected users without undue
          delay with what happened and what to do, and notify regulators within 72 hours where the law requires. See our{" "}
          <Link to="/privacy">Privacy Policy</Link> for how we handle personal data generally.
        </p>
      ),
    },
    {
      id: "disclosure",
      title: "Reporting a vulnerability",
      body: (
        <>
          <p>
            Send reports to <SecurityEmailLink subject="Vulnerability report" />. Please include:
          </p>
          <ul>
            <li>the affected page, API endpoint or feature;</li>
            <li>steps to reproduce, and a proof of concept if you have one;</li>
            <li>what an attacker could achieve;</li>
            <li>how you would like to be credited, if at all.</li>
          </ul>
          <h3>Our response times</h3>
          <LegalTable
            caption="Response times"
            hideCaption
            columns={["Step", "Target"]}
            rows={[
              ["Acknowledge your report", "Within 2 business days"],
              ["First assessment and severity", "Within 5 business days"],
              ["Status updates", "At least every 14 days until resolved"],
              ["Fix a critical issue", "Within 7 days"],
              ["Fix a high-severity issue", "Within 30 days"],
              ["Fix a medium or low issue", "Within 90 days"],
            ]}
          />
          <p>
            There is no paid bug bounty at the moment. With your permission, we thank researchers by name in our release
            notes once an issue is fixed.
          </p>
        </>
      ),
    },
    {
      id: "safe-harbor",
      title: "Safe harbor",
      body: (
        <>
          <p>
            If you research and report a vulnerability in good faith and follow these rules, we consider your research
            authorised. We will not take legal action against you or ask law enforcement to, and if a third party does,
            we will make it known that you acted with our permission. You must:
          </p>
          <ul>
            <li>use only accounts you own or have the holder&rsquo;s permission to use;</li>
            <li>
              stop as soon as you reach another user&rsquo;s data, access no more than needed to show the issue, and
              delete anything you obtained;
            </li>
            <li>
              not degrade the Service: no denial-of-service testing, no high-volume automated scanning, and no attempts
              to use up AI or email quotas;
            </li>
            <li>not use social engineering, phishing or physical attacks against our staff, users or providers;</li>
            <li>
              give us a reasonable time to fix the issue (90 days, or less once it is fixed) before you publish details;
            </li>
            <li>not demand payment in exchange for not publishing a finding.</li>
          </ul>
        </>
      ),
    },
    {
      id: "scope",
      title: "Scope",
      body: (
        <>
          <p>
            <strong>In scope:</strong> the Dropcraft website and web app, its API, and the pages, files and images it
            generates.
          </p>
          <p>
            <strong>Out of scope:</strong> services we use but do not run (Stripe, Cloudflare, Resend, AI providers,
            store platforms) &mdash; please report those to their owners; reports from automated tools without a working
            proof of impact; missing headers on pages with no sensitive actions; self-XSS; rate limits on non-sensitive
            endpoints; email SPF, DKIM or DMARC settings without a demonstrated attack; issues that only affect outdated
            browsers.
          </p>
          <p>
            For anything that is not a security issue, such as account help, contact{" "}
            <SupportEmailLink subject="Account help" />.
          </p>
        </>
      ),
    },
  ],
};
