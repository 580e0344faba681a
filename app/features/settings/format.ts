/** Display helpers of the settings screen: device names from user agents (times: ~/ui/time). */

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
