import { AFFILIATE_TERMS } from "~/domain/affiliate";
import { REFERRAL_COOKIE, sessionCookieName } from "~/domain/cookies";

/**
 * Every cookie and browser-storage key Dropcraft uses, for the Cookie Policy. Keep this list in
 * step with the code that sets them (auth, theme, UI store, app start, welcome dialog, upgrade
 * dock, chat and project stores): a new key needs a row here.
 */

export interface StorageItem {
  /** The cookie or key name; `null` when the name is an implementation detail. */
  name: string | null;
  /** Shown when there is no key name. */
  label?: string;
  purpose: string;
  lifetime: string;
}

/** Session length the policy promises (SESSION_TTL_DAYS, default 30); the accounts API sets the cookie. */
export const SESSION_LIFETIME_TEXT = "Until you log out, or 30 days after sign-in";

/** The session cookie's name on the live site, and on plain-http local development. */
export const SESSION_COOKIE_NAMES = { https: sessionCookieName(true), local: sessionCookieName(false) } as const;

export const COOKIES: readonly StorageItem[] = [
  {
    name: SESSION_COOKIE_NAMES.https,
    purpose: `Keeps you signed in. It holds a signed reference to your session on our servers. HttpOnly (page scripts cannot read it), Secure and SameSite=Lax. Named ${SESSION_COOKIE_NAMES.local} on local development copies served without HTTPS.`,
    lifetime: SESSION_LIFETIME_TEXT,
  },
  {
    name: "XSRF-TOKEN",
    purpose:
      "Protects your account against cross-site request forgery: the app echoes it in a request header, which other sites cannot do.",
    lifetime: "Until you close the browser; replaced at each sign-in",
  },
  {
    name: "theme",
    purpose: "Remembers your light or dark theme so pages render in it without a flash.",
    lifetime: "1 year",
  },
  {
    name: REFERRAL_COOKIE,
    purpose:
      "Set only when you arrive through a member's referral link: it holds their referral code and when you first visited, so the affiliate program can credit them if you sign up. HttpOnly, SameSite=Lax; removed at signup.",
    lifetime: `${AFFILIATE_TERMS.cookieDays} days from your first visit through the link`,
  },
];

export const LOCAL_STORAGE: readonly StorageItem[] = [
  {
    name: "auth.token",
    purpose: "Your sign-in token, sent with API requests from the app as a bearer token.",
    lifetime: "Removed when you log out; useless after the session ends",
  },
  { name: "theme", purpose: "Your light or dark theme choice.", lifetime: "Until you change it or clear site data" },
  {
    name: "ui-storage",
    purpose: "Interface preferences, such as whether the sidebar is collapsed.",
    lifetime: "Until you clear site data",
  },
  {
    name: "build-version",
    purpose: "The app version you last loaded, so the page can refresh itself after an update.",
    lifetime: "Until you clear site data",
  },
  {
    name: "premium-modal-shown",
    purpose: "Whether the Growth welcome dialog has already been shown to you.",
    lifetime: "Until you clear site data",
  },
  {
    name: "premium-modal-dismissed",
    purpose: "Records that you chose \u201cDon\u2019t show this again\u201d on the welcome dialog.",
    lifetime: "Until you clear site data",
  },
  {
    name: "premium-modal-last-shown",
    purpose: "When the welcome dialog last opened (a timestamp), so it does not open repeatedly.",
    lifetime: "Until you clear site data",
  },
  {
    name: "user_{id}_chats",
    purpose:
      "A backup of your recent chats (up to 20) for your account on this browser, so they survive a reload or a lost connection.",
    lifetime: "Until you clear site data; backups older than 30 days are ignored",
  },
  {
    name: "user_{id}_projects",
    purpose: "A backup of your projects (the last 50) for your account on this browser.",
    lifetime: "Until you clear site data; backups older than 30 days are ignored",
  },
  {
    name: null,
    label: "Chat and project stores",
    purpose: "The working copy of your open chats and projects, so the app responds instantly.",
    lifetime: "Until you clear site data",
  },
  {
    name: null,
    label: "Upgrade dock state",
    purpose: "Whether the upgrade panel in the sidebar is expanded or collapsed (Free plan only).",
    lifetime: "Until you clear site data",
  },
];

export const SESSION_STORAGE: readonly StorageItem[] = [
  {
    name: null,
    label: "Welcome dialog flag",
    purpose: "Stops the Growth welcome dialog from opening twice in the same visit.",
    lifetime: "Until you close the tab",
  },
  {
    name: null,
    label: "Free-plan banner dismissal",
    purpose: "Remembers that you closed the free-plan banner.",
    lifetime: "Until you close the tab",
  },
];
