/** Display helpers of the settings screen: device names from user agents, relative times. */

export type DeviceKind = "desktop" | "mobile" | "tablet" | "unknown";

export interface DeviceInfo {
  /** e.g. "Chrome on Linux", "Safari on iPhone". */
  label: string;
  kind: DeviceKind;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bCriOS\//, "Chrome"],
  [/\bHeadlessChrome\//, "Headless Chrome"],
  [/\bChrom(?:e|ium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/^curl\//, "curl"],
  [/\bnode\b|undici|node-fetch/i, "Node.js"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** A readable device name from a user agent, or "Unknown device". */
export function describeUserAgent(userAgent: string | null | undefined): DeviceInfo {
  const ua = userAgent?.trim() ?? "";
  if (!ua) return { label: "Unknown device", kind: "unknown" };
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  const kind: DeviceKind = /\biPad\b|\bTablet\b/.test(ua)
    ? "tablet"
    : /\bMobi|\biPhone\b|\bAndroid\b/.test(ua)
      ? "mobile"
      : browser || system
        ? "desktop"
        : "unknown";
  if (browser && system) return { label: `${browser} on ${system}`, kind };
  if (browser) return { label: browser, kind };
  if (system) return { label: `Browser on ${system}`, kind };
  return { label: "Unknown device", kind };
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "just now", "5 minutes ago", "yesterday", … */
export function relativeTime(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return "unknown";
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "unknown";
  const seconds = Math.round((then - now) / 1000);
  if (Math.abs(seconds) < 60) return "just now";
  const format = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return "just now";
}

/** e.g. "Mar 3, 2026, 14:05". */
export function absoluteTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleString("en", { dateStyle: "medium", timeStyle: "short" });
}
