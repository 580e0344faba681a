import { Link } from "@remix-run/react";
import type { LegalDocument } from "~/features/legal/legal-layout";
import { COOKIES, LOCAL_STORAGE, SESSION_STORAGE, type StorageItem } from "~/features/legal/cookie-data";
import { Callout, LegalTable } from "~/features/legal/prose";
import { SupportEmailLink } from "~/features/legal/support-email";

function rows(items: readonly StorageItem[]) {
  return items.map((item) => [
    item.name ? <code key="name">{item.name}</code> : item.label,
    item.purpose,
    item.lifetime,
  ]);
}

export const COOKIE_POLICY: LegalDocument = {
  path: "/cookie-policy",
  title: "Cookie Policy",
  summary: (
    <p>
      This page lists every cookie and browser-storage key Dropcraft uses, what each one is for and how long it lasts.
      There are not many: we only store what the product needs to work and the choices you make.
    </p>
  ),
  sections: [
    {
      id: "summary",
      title: "The short version",
      body: (
        <>
          <Callout>
            Dropcraft uses only essential cookies and preference storage. We use{" "}
            <strong>no third-party advertising cookies</strong>, no tracking pixels and no cross-site analytics, so
            there is nothing to opt in to and no cookie banner.
          </Callout>
        </>
      ),
    },
    {
      id: "what-they-are",
      title: "Cookies and browser storage",
      body: (
        <>
          <p>
            A <strong>cookie</strong> is a small piece of text a website asks your browser to keep and send back with
            later requests. <strong>Local storage</strong> keeps data in your browser for a site&rsquo;s own scripts; it
            is never sent to our servers by itself. <strong>Session storage</strong> is the same, but is cleared when
            you close the tab.
          </p>
          <p>
            All of the items below are first-party: they belong to Dropcraft&rsquo;s own domain and no other website can
            read them.
          </p>
        </>
      ),
    },
    {
      id: "cookies",
      title: "Cookies we set",
      body: (
        <>
          <p>These cookies are strictly necessary, except the theme cookie, which remembers a choice you made.</p>
          <LegalTable caption="Cookies" columns={["Cookie", "Purpose", "Lifetime"]} rows={rows(COOKIES)} />
        </>
      ),
    },
    {
      id: "local-storage",
      title: "Local storage keys",
      body: (
        <>
          <p>
            The app keeps these keys in your browser. Keys containing <code>{"{id}"}</code> are stored per account, with
            your numeric user id in place of <code>{"{id}"}</code>, so two people sharing a browser do not see each
            other&rsquo;s data. Logging out hides your data from view but leaves the backups in place; clear site data
            in your browser to remove them.
          </p>
          <LegalTable caption="Local storage" columns={["Key", "Purpose", "Lifetime"]} rows={rows(LOCAL_STORAGE)} />
        </>
      ),
    },
    {
      id: "session-storage",
      title: "Session storage",
      body: (
        <LegalTable caption="Session storage" columns={["Item", "Purpose", "Lifetime"]} rows={rows(SESSION_STORAGE)} />
      ),
    },
    {
      id: "third-parties",
      title: "Third parties",
      body: (
        <>
          <p>
            We do not embed advertising networks, social-media pixels or third-party analytics. When you pay for Growth,
            you complete the payment on Stripe&rsquo;s pages; Stripe may set its own cookies there to process the
            payment and prevent fraud, under{" "}
            <a href="https://stripe.com/cookie-settings" rel="noopener noreferrer" target="_blank">
              Stripe&rsquo;s cookie policy
            </a>
            . Those cookies belong to Stripe&rsquo;s domain, not ours.
          </p>
        </>
      ),
    },
    {
      id: "your-choices",
      title: "Your choices",
      body: (
        <>
          <ul>
            <li>
              You can block or delete cookies and site data in your browser&rsquo;s settings. If you block the session
              or <code>XSRF-TOKEN</code> cookie, you will not be able to sign in.
            </li>
            <li>
              Clearing site data signs you out, resets your theme and sidebar preferences, and removes the local chat
              and project backups. Your chats and projects stay safe on our servers.
            </li>
            <li>Because we only use essential and preference storage, there are no optional cookies to switch off.</li>
          </ul>
        </>
      ),
    },
    {
      id: "changes",
      title: "Changes and contact",
      body: (
        <p>
          If we add a cookie or storage key, we add it to this page and update the date at the top. We would ask for
          your consent before using any cookie that is not essential. Questions:{" "}
          <SupportEmailLink subject="Cookie Policy" />. See also our <Link to="/privacy">Privacy Policy</Link>.
        </p>
      ),
    },
  ],
};
