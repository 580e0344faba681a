/**
 * The one guard every fetch of a user-supplied URL goes through (ADR 012).
 *
 * `checkUrl` is the pure decision: http(s) only, no credentials, ports 80/443 only, and no
 * loopback, private, shared (CGNAT), link-local, metadata, unspecified, multicast or reserved
 * address, whatever notation the address is written in (dotted, decimal `2130706433`, hex
 * `0x7f000001`, octal `0177.0.0.1`, short `127.1`, IPv6 incl. IPv4-mapped `[::ffff:127.0.0.1]`).
 * The WHATWG URL parser already rewrites every IPv4 notation to dotted form, and the guard reads
 * the parsed host, so a literal cannot slip past by its spelling; it also refuses internal names
 * (`localhost`, `*.localhost`, `*.internal`, `*.local`, single-label names, `metadata.google.internal`)
 * and the public wildcard-DNS names that embed an address (`127.0.0.1.nip.io`, `10-0-0-1.sslip.io`).
 *
 * DNS: a Worker cannot resolve a hostname before fetching it, so a public name whose A/AAAA
 * record points at a private address is not caught here. Cloudflare's own fetch refuses to
 * connect to private and loopback targets in production, which covers that case there; the guard
 * is the part we control and test (see ADR 012).
 *
 * `guardedFetch` does the fetching: GET (or a POST to an API, whose redirects are answers, not followed), redirects followed by hand (`redirect: "manual"`)
 * and re-checked at every hop (5 at most, loops refused), one time cap for all the hops and the
 * body, a size cap counted while streaming, and a content-type check. Every refusal is an
 * AppError whose `details.refusal` carries a stable code, the URL refused and the hops so far;
 * its message names the refusal ("Refused http://127.0.0.1/: loopback address (127.0.0.0/8)").
 */
import { AppError, type ErrorType } from "~/domain/errors";

/** Stable codes of every refusal the guard can make (ADR 012). */
export const URL_REFUSAL_CODES = [
  "invalid_url",
  "scheme",
  "credentials",
  "port",
  "loopback",
  "private",
  "shared_address",
  "link_local",
  "metadata",
  "unspecified",
  "multicast",
  "reserved",
  "internal_hostname",
  "bad_redirect",
  "redirect_loop",
  "too_many_redirects",
  "too_large",
  "timeout",
  "content_type",
  "network",
] as const;
export type UrlRefusalCode = (typeof URL_REFUSAL_CODES)[number];

/** What each refusal is in the error taxonomy, when it travels as an error. */
const ERROR_TYPE_OF: Record<UrlRefusalCode, ErrorType> = {
  invalid_url: "VALIDATION",
  scheme: "VALIDATION",
  credentials: "VALIDATION",
  port: "VALIDATION",
  loopback: "VALIDATION",
  private: "VALIDATION",
  shared_address: "VALIDATION",
  link_local: "VALIDATION",
  metadata: "VALIDATION",
  unspecified: "VALIDATION",
  multicast: "VALIDATION",
  reserved: "VALIDATION",
  internal_hostname: "VALIDATION",
  bad_redirect: "VALIDATION",
  redirect_loop: "VALIDATION",
  too_many_redirects: "VALIDATION",
  too_large: "PAYLOAD_TOO_LARGE",
  timeout: "UNAVAILABLE",
  content_type: "UNSUPPORTED_MEDIA_TYPE",
  network: "UNAVAILABLE",
};

export const MAX_REDIRECTS = 5;
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 8_000;
const ALLOWED_PORTS = new Set([80, 443]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
export const USER_AGENT = "Mozilla/5.0 (compatible; DropcraftBot/1.0; +https://dropcraft.ai/bot)";

// ---------------------------------------------------------------------------------------------
// Addresses
// ---------------------------------------------------------------------------------------------

/** Why an address is refused: the code, and words for the message. */
export interface AddressClass {
  code: UrlRefusalCode;
  /** E.g. "loopback address". */
  label: string;
  /** The range it falls in, e.g. "127.0.0.0/8". */
  range: string;
}

/**
 * An IPv4 literal in any notation the WHATWG URL parser accepts (1 to 4 dot-separated parts,
 * each decimal, 0x-hex or 0-octal, the last part filling the remaining bytes), as a 32-bit
 * number; null when `host` is not such a literal.
 */
export function parseIpv4(host: string): number | null {
  const parts = host.split(".");
  if (parts.length > 1 && parts[parts.length - 1] === "") parts.pop();
  if (parts.length === 0 || parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    let digits = part;
    let radix = 10;
    if (/^0x/i.test(part)) {
      digits = part.slice(2);
      radix = 16;
    } else if (part.length > 1 && part.startsWith("0")) {
      digits = part.slice(1);
      radix = 8;
    }
    if (digits === "") {
      if (radix === 10) return null;
      numbers.push(0);
      continue;
    }
    const valid = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
    if (!valid.test(digits)) return null;
    // Anything this long is over 2^32 in every radix: not an address.
    if (digits.replace(/^0+/, "").length > 11) return null;
    numbers.push(parseInt(digits, radix));
  }
  const last = numbers[numbers.length - 1];
  for (const n of numbers.slice(0, -1)) if (n > 255) return null;
  if (last >= 256 ** (5 - numbers.length)) return null;
  let value = last;
  numbers.slice(0, -1).forEach((n, i) => {
    value += n * 256 ** (3 - i);
  });
  return value;
}

export function formatIpv4(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
}

/** An IPv6 literal (without brackets; dotted IPv4 tail allowed; zone ids refused) as a 128-bit number. */
export function parseIpv6(host: string): bigint | null {
  if (!/^[0-9a-f:.]+$/i.test(host) || host.length > 45) return null;
  let tail: number[] = [];
  let text = host;
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (dotted) {
    const parts = dotted[2].split(".").map(Number);
    if (parts.some((p, i) => p > 255 || String(p) !== dotted[2].split(".")[i])) return null;
    tail = [(parts[0] << 8) | parts[1], (parts[2] << 8) | parts[3]];
    text = dotted[1].endsWith("::") ? dotted[1] : dotted[1].slice(0, -1);
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === "" ? [] : s.split(":"));
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  if ([...head, ...rest].some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  const known = head.length + rest.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const words = [
    ...head.map((g) => parseInt(g, 16)),
    ...Array<number>(8 - known).fill(0),
    ...rest.map((g) => parseInt(g, 16)),
    ...tail,
  ];
  return words.reduce((acc, w) => (acc << 16n) | BigInt(w), 0n);
}

interface Range4 {
  base: number;
  bits: number;
  code: UrlRefusalCode;
  label: string;
}
const v4 = (cidr: string, code: UrlRefusalCode, label: string): Range4 => {
  const [ip, bits] = cidr.split("/");
  return { base: parseIpv4(ip)!, bits: Number(bits), code, label };
};
/** Checked in order: the narrow ranges (metadata, broadcast) come before the ranges holding them. */
const IPV4_RANGES: Range4[] = [
  v4("169.254.169.254/32", "metadata", "cloud metadata address (link-local)"),
  v4("100.100.100.200/32", "metadata", "cloud metadata address"),
  v4("255.255.255.255/32", "reserved", "broadcast address"),
  v4("0.0.0.0/8", "unspecified", "unspecified (“this network”) address"),
  v4("10.0.0.0/8", "private", "private network address"),
  v4("100.64.0.0/10", "shared_address", "carrier-grade NAT (shared) address"),
  v4("127.0.0.0/8", "loopback", "loopback address"),
  v4("169.254.0.0/16", "link_local", "link-local address"),
  v4("172.16.0.0/12", "private", "private network address"),
  v4("192.0.0.0/24", "reserved", "reserved protocol address"),
  v4("192.0.2.0/24", "reserved", "documentation address"),
  v4("192.88.99.0/24", "reserved", "reserved relay address"),
  v4("192.168.0.0/16", "private", "private network address"),
  v4("198.18.0.0/15", "reserved", "benchmarking address"),
  v4("198.51.100.0/24", "reserved", "documentation address"),
  v4("203.0.113.0/24", "reserved", "documentation address"),
  v4("224.0.0.0/4", "multicast", "multicast address"),
  v4("240.0.0.0/4", "reserved", "reserved address"),
];

function inRange4(n: number, r: Range4): boolean {
  if (r.bits === 0) return true;
  const mask = r.bits === 32 ? 0xffffffff : (~0 << (32 - r.bits)) >>> 0;
  return ((n & mask) >>> 0) === ((r.base & mask) >>> 0);
}

/** Why an IPv4 address may not be fetched, or null for a public address. */
export function classifyIpv4(n: number): AddressClass | null {
  const hit = IPV4_RANGES.find((r) => inRange4(n, r));
  return hit ? { code: hit.code, label: hit.label, range: `${formatIpv4(hit.base)}/${hit.bits}` } : null;
}

interface Range6 {
  prefix: bigint;
  bits: number;
  range: string;
  code: UrlRefusalCode | "embedded-v4";
  label: string;
}
const v6 = (cidr: string, code: Range6["code"], label: string): Range6 => {
  const [ip, bits] = cidr.split("/");
  return { prefix: parseIpv6(ip)!, bits: Number(bits), range: cidr, code, label };
};
/** Checked in order; "embedded-v4" ranges carry an IPv4 address whose own class decides. */
const IPV6_RANGES: Range6[] = [
  v6("::/128", "unspecified", "unspecified address"),
  v6("::1/128", "loopback", "loopback address"),
  v6("::ffff:0:0/96", "embedded-v4", "IPv4-mapped address"),
  v6("::/96", "embedded-v4", "IPv4-compatible address"),
  v6("64:ff9b::/96", "embedded-v4", "NAT64 address"),
  v6("64:ff9b:1::/48", "private", "local-use NAT64 address"),
  v6("100::/64", "reserved", "discard-only address"),
  v6("2001::/32", "reserved", "Teredo tunnel address"),
  v6("2001:db8::/32", "reserved", "documentation address"),
  v6("2001:10::/28", "reserved", "reserved (ORCHID) address"),
  v6("2001:20::/28", "reserved", "reserved (ORCHID) address"),
  v6("2002::/16", "embedded-v4", "6to4 address"),
  v6("fd00:ec2::254/128", "metadata", "cloud metadata address"),
  v6("fc00::/7", "private", "unique local (private) address"),
  v6("fe80::/10", "link_local", "link-local address"),
  v6("fec0::/10", "private", "site-local (private) address"),
  v6("ff00::/8", "multicast", "multicast address"),
];

function inRange6(n: bigint, r: Range6): boolean {
  const shift = BigInt(128 - r.bits);
  return n >> shift === r.prefix >> shift;
}

/** Why an IPv6 address may not be fetched, or null for a public (global unicast) address. */
export function classifyIpv6(n: bigint): AddressClass | null {
  for (const r of IPV6_RANGES) {
    if (!inRange6(n, r)) continue;
    if (r.code !== "embedded-v4") return { code: r.code, label: r.label, range: r.range };
    const embedded = r.range.startsWith("2002:") ? Number((n >> 80n) & 0xffffffffn) : Number(n & 0xffffffffn);
    const inner = classifyIpv4(embedded);
    if (!inner) return null;
    return { code: inner.code, label: `${inner.label} written as an ${r.label} (${formatIpv4(embedded)})`, range: inner.range };
  }
  // Only 2000::/3 is global unicast; everything else is unassigned or special.
  if (n >> 125n !== 1n) return { code: "reserved", label: "reserved address", range: "outside 2000::/3" };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Hostnames
// ---------------------------------------------------------------------------------------------

/** Suffixes of names that only resolve inside a private network. */
const INTERNAL_SUFFIXES = ["internal", "local", "localdomain", "home.arpa", "intranet", "lan", "corp", "private"];
/** Names of cloud metadata services. */
const METADATA_NAMES = new Set(["metadata", "metadata.google.internal", "metadata.goog", "instance-data", "instance-data.ec2.internal"]);
/** Public names that resolve to 127.0.0.1 whatever comes before them. */
const LOOPBACK_DOMAINS = ["localtest.me", "lvh.me", "vcap.me", "lacolhost.com", "localhost.direct"];
/** Public wildcard-DNS services: `<address>.nip.io` resolves to the address written in it. */
const WILDCARD_DNS = ["nip.io", "sslip.io", "xip.io", "traefik.me", "backname.io", "nip.direct"];

const endsWithDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** The address a wildcard-DNS name embeds (`10.0.0.1.nip.io`, `app-10-0-0-1.sslip.io`, `--1.sslip.io`), if any. */
function embeddedAddress(host: string, service: string): { v4?: number; v6?: bigint } | null {
  const name = host.slice(0, -(service.length + 1));
  const dotted = /(?:^|[.-])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(name);
  if (dotted) {
    const n = parseIpv4(dotted[1]);
    if (n !== null) return { v4: n };
  }
  const dashed = /(?:^|[.-])(\d{1,3}-\d{1,3}-\d{1,3}-\d{1,3})$/.exec(name);
  if (dashed) {
    const n = parseIpv4(dashed[1].replace(/-/g, "."));
    if (n !== null) return { v4: n };
  }
  const hex = /(?:^|[.-])([0-9a-f]{8})$/i.exec(name);
  if (hex) return { v4: parseInt(hex[1], 16) };
  // sslip.io writes IPv6 with dashes for colons: "--1" is ::1, "fe80--1" is fe80::1.
  const lastLabel = name.split(".").pop() ?? "";
  if (lastLabel.includes("--") || /^[0-9a-f]{1,4}(-[0-9a-f]{1,4}){7}$/i.test(lastLabel)) {
    const n = parseIpv6(lastLabel.replace(/-/g, ":"));
    if (n !== null) return { v6: n };
  }
  return null;
}

/** Why a (lower-cased, non-literal) hostname may not be fetched, or null. */
export function classifyHostname(hostname: string): AddressClass | null {
  const host = hostname.replace(/\.$/, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return { code: "loopback", label: "loopback name", range: "localhost" };
  if (METADATA_NAMES.has(host)) return { code: "metadata", label: "cloud metadata hostname", range: host };
  const suffix = INTERNAL_SUFFIXES.find((s) => endsWithDomain(host, s));
  if (suffix) return { code: "internal_hostname", label: `internal hostname (.${suffix} names only exist inside a private network)`, range: `*.${suffix}` };
  if (!host.includes(".")) return { code: "internal_hostname", label: "hostname without a domain (it only exists inside a private network)", range: host };
  const loopbackDomain = LOOPBACK_DOMAINS.find((d) => endsWithDomain(host, d));
  if (loopbackDomain) return { code: "loopback", label: `loopback name (${loopbackDomain} always points to 127.0.0.1)`, range: loopbackDomain };
  const service = WILDCARD_DNS.find((d) => host.endsWith(`.${d}`));
  if (service) {
    const embedded = embeddedAddress(host, service);
    const inner = embedded?.v4 !== undefined ? classifyIpv4(embedded.v4) : embedded?.v6 !== undefined ? classifyIpv6(embedded.v6) : null;
    if (inner) return { ...inner, label: `hostname pointing to a ${inner.label} (${service} resolves the address written in the name)` };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The decision
// ---------------------------------------------------------------------------------------------

export interface UrlCheckOptions {
  /** Test suites only (URL_GUARD_ALLOW_LOOPBACK=on, refused in production): see `checkUrl`. */
  allowLoopbackForTests?: boolean;
  /** Resolve `input` against this URL (a redirect's Location). */
  base?: string;
}

export type UrlCheck =
  | { allowed: true; url: URL; display: string; testLoopback: boolean }
  | { allowed: false; code: UrlRefusalCode; message: string; reason: string; display: string };

/** The URL as messages show it: parsed form, credentials hidden, at most 200 characters. */
export function displayUrl(url: URL | string): string {
  let text: string;
  if (typeof url === "string") {
    text = url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/?#]*@/i, "$1***@");
  } else {
    const copy = new URL(url.href);
    if (copy.username || copy.password) {
      copy.username = "";
      copy.password = "";
      text = copy.href.replace("://", "://***@");
    } else {
      text = copy.href;
    }
  }
  // eslint-disable-next-line no-control-regex -- a pasted URL may carry control characters; never echo them
  text = text.replace(/[\u0000-\u001f\u007f]/g, "");
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** The host as written in an absolute URL, before the parser normalised it ("2130706433", "0x7f.1"). */
function hostAsWritten(input: string): string | null {
  const m = /^\s*[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#\\]*@)?(\[[^\]]*\]|[^:/?#\\]*)/i.exec(input);
  return m ? m[1].toLowerCase() : null;
}

const LOOPBACK_TEST_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * The pure decision for one URL. With `allowLoopbackForTests`, 127.0.0.1, [::1] and localhost
 * are let through on an explicit port other than 80 and 443 (where the suites' local servers
 * listen); every other refusal stands, and loopback on the default ports stays refused so the
 * suites can still prove the loopback refusal.
 */
export function checkUrl(input: string | URL, options: UrlCheckOptions = {}): UrlCheck {
  const raw = typeof input === "string" ? input : input.href;
  let url: URL;
  try {
    url = new URL(raw, options.base);
  } catch {
    const shown = displayUrl(raw.trim() || "(empty)");
    const reason = "not a valid web address";
    return { allowed: false, code: "invalid_url", reason, display: shown, message: `Refused ${shown}: ${reason}` };
  }
  const display = displayUrl(url);
  const refuse = (code: UrlRefusalCode, reason: string): UrlCheck => ({
    allowed: false,
    code,
    reason,
    display,
    message: `Refused ${display}: ${reason}`,
  });

  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return refuse("scheme", `only http and https addresses are fetched (this one is ${url.protocol})`);
  }
  if (url.username || url.password) return refuse("credentials", "addresses with a user name or password in them are not fetched");
  if (!url.hostname) return refuse("invalid_url", "the address has no host");

  const host = url.hostname;
  const written = options.base && !/^\s*[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? null : hostAsWritten(raw);
  const spelled = written && written !== host && written.replace(/\.$/, "") !== host ? ` written as ${written}` : "";
  let found: AddressClass | null;
  let literal: string | null = null;
  if (host.startsWith("[")) {
    const n = parseIpv6(host.slice(1, -1));
    if (n === null) return refuse("invalid_url", "the IPv6 address cannot be read");
    found = classifyIpv6(n);
    literal = host;
  } else {
    const n = parseIpv4(host);
    if (n !== null) {
      found = classifyIpv4(n);
      literal = formatIpv4(n);
    } else {
      found = classifyHostname(host);
    }
  }

  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  const testLoopback = Boolean(options.allowLoopbackForTests) && LOOPBACK_TEST_HOSTS.has(host) && url.port !== "" && !ALLOWED_PORTS.has(port);
  if (found && !(testLoopback && found.code === "loopback")) {
    const what = literal ? `${found.label} (${literal}${spelled}, in ${found.range})` : `${found.label} (${host})`;
    return refuse(found.code, what);
  }
  if (!testLoopback && !ALLOWED_PORTS.has(port)) {
    return refuse("port", `port ${port} is not fetched (only 80 and 443)`);
  }
  return { allowed: true, url, display, testLoopback };
}

// ---------------------------------------------------------------------------------------------
// The fetch
// ---------------------------------------------------------------------------------------------

export interface Hop {
  url: string;
  /** The status the URL answered; null when the guard refused it before any request. */
  status: number | null;
}

export interface GuardedFetchOptions {
  /** Test suites only (the URL_GUARD_ALLOW_LOOPBACK setting, refused in production). */
  allowLoopbackForTests?: boolean;
  /** Size cap of the body, counted while it streams (default 2 MiB). */
  maxBytes?: number;
  /** One cap for every hop and the body together (default 8 s). */
  timeoutMs?: number;
  /** Media types a 2xx answer may have ("text/html", "application/json"…); empty or unset: any. */
  accept?: readonly string[];
  /** At most this many redirects are followed (default and ceiling 5). */
  maxRedirects?: number;
  /** "text" (the default) decodes the body by its charset; "bytes" leaves `body` empty (images). */
  responseType?: "text" | "bytes";
  /** Extra request headers (an Accept, say); the guard sets its own User-Agent. */
  headers?: Record<string, string>;
  /**
   * GET (the default), or POST for an API a merchant names (Shopify's Admin API). A POST's
   * redirect is returned as the answer, never followed: re-sending a body to where a 3xx
   * points is not the guard's call to make.
   */
  method?: "GET" | "POST";
  /** The POST body: text (a GraphQL request) or a multipart form (a staged upload to Shopify's storage). */
  body?: string | FormData;
  signal?: AbortSignal;
  /** The fetch to use (tests inject one); defaults to the global fetch. */
  fetchImpl?: typeof fetch;
}

export interface GuardedResponse {
  /** The URL that answered, after any redirects. */
  finalUrl: string;
  status: number;
  /** The media type without parameters, lower-cased; null when the answer named none. */
  contentType: string | null;
  /** The body as text ("" for responseType "bytes"). */
  body: string;
  /** The body as it arrived. */
  data: Uint8Array<ArrayBuffer>;
  bytes: number;
  /** Every URL requested in order, the final one included. */
  hops: Hop[];
  timings: { totalMs: number };
  /** The final answer's headers, names lower-cased (guardedFetch always sets them; a Retry-After, say). */
  headers?: Record<string, string>;
}

/** What `details.refusal` of a guard's AppError holds. */
export interface GuardRefusal {
  code: UrlRefusalCode;
  message: string;
  /** The URL refused (a redirect's target for refusals at a later hop). */
  url: string;
  hops: Hop[];
  /** The cap that was hit, for too_large (bytes), timeout (ms) and too_many_redirects. */
  limit?: number;
  /** The runtime's reference for a failed connection, for support (never in the message). */
  reference?: string;
}

/** The refusal an error carries when the guard threw it; null for anything else. */
export function guardRefusalOf(err: unknown): GuardRefusal | null {
  if (!(err instanceof AppError)) return null;
  const refusal = err.details?.refusal as GuardRefusal | undefined;
  return refusal && typeof refusal.code === "string" ? refusal : null;
}

/** A refusal that is a failure to get an answer (nothing the guard decided): network errors. */
export function isFetchFailure(refusal: GuardRefusal): boolean {
  return refusal.code === "network";
}

/**
 * A failed connection in words a merchant understands: the host could not be found, refused the
 * connection, failed its secure connection, or could not be reached. The runtime's reference
 * (workerd's "internal error; reference = …") is kept apart for support.
 */
export function networkFailure(host: string, err: unknown): { message: string; reference?: string } {
  const said = err instanceof Error ? `${err.name} ${err.message} ${String((err as { code?: unknown }).code ?? "")}` : String(err);
  const reference = /reference\s*=\s*([\w-]+)/i.exec(said)?.[1];
  const site = siteName(host);
  let message: string;
  if (/ENOTFOUND|EAI_AGAIN|getaddrinfo|DNS|name not resolved|could not resolve|no such host/i.test(said)) {
    message = `We could not find ${site}. Check the address for a typo.`;
  } else if (/ECONNREFUSED|connection refused|refused/i.test(said)) {
    message = `${site} refused the connection. Try again later.`;
  } else if (/certificate|TLS|SSL|handshake/i.test(said)) {
    message = `${site} did not set up a secure connection. Check the address, or try again later.`;
  } else {
    message = `We could not reach ${site}. Check the address, or try again later.`;
  }
  return reference ? { message, reference } : { message };
}

/** A host as a merchant would name the site: "www.petco.com" is petco.com. */
function siteName(host: string): string {
  return host.replace(/^www\./, "");
}

/** The site an address belongs to, or the address itself when it has no host. */
function siteOf(url: string): string {
  try {
    return siteName(new URL(url).hostname) || displayUrl(url);
  } catch {
    return displayUrl(url);
  }
}

function refusalError(code: UrlRefusalCode, message: string, url: string, hops: Hop[], limit?: number, cause?: unknown): AppError {
  const refusal: GuardRefusal = { code, message, url, hops: hops.map((h) => ({ ...h })), ...(limit !== undefined ? { limit } : {}) };
  return new AppError(ERROR_TYPE_OF[code], message, { details: { refusal }, cause });
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} bytes`;
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${+(ms / 1000).toFixed(1)} s` : `${ms} ms`;
}

function mediaType(header: string | null): { type: string | null; charset: string | null } {
  if (!header) return { type: null, charset: null };
  const [type, ...params] = header.split(";");
  const charset = params.map((p) => /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(p)?.[1]).find(Boolean) ?? null;
  return { type: type.trim().toLowerCase() || null, charset };
}

function decode(bytes: Uint8Array, charset: string | null): string {
  try {
    return new TextDecoder(charset ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/**
 * Fetches a user-supplied URL under the guard (see the file comment). Resolves with the final
 * answer (any status: a 404 is an answer, not a refusal); throws an AppError whose
 * `details.refusal` (read it with `guardRefusalOf`) names the refusal otherwise.
 */
export async function guardedFetch(input: string, options: GuardedFetchOptions = {}): Promise<GuardedResponse> {
  const started = Date.now();
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRedirects = Math.min(options.maxRedirects ?? MAX_REDIRECTS, MAX_REDIRECTS);
  const doFetch = options.fetchImpl ?? fetch;
  const accept = (options.accept ?? []).map((t) => t.toLowerCase());
  const method = options.method ?? "GET";
  const hops: Hop[] = [];
  const visited = new Set<string>();

  // Until the answer's head arrives, running out of time aborts the request. While the body
  // streams, it stops the reads and cancels the stream instead: workerd reports an abort (or a
  // cancel) that lands on a pending read as an unhandled rejection, a released lock it does not.
  const controller = new AbortController();
  let phase: "head" | "body" = "head";
  let timedOut = false;
  let rejectStopped: (reason: Error) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    rejectStopped = reject;
  });
  stopped.catch(() => {});
  const stop = () => {
    rejectStopped(new Error("stopped"));
    if (phase === "head") controller.abort();
  };
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, timeoutMs);
  const onCallerAbort = () => stop();
  if (options.signal?.aborted) stop();
  options.signal?.addEventListener("abort", onCallerAbort);

  // A sentence a merchant understands (issue 26), naming the site and the limit; the URL is in the hops.
  const timeoutError = (url: string) =>
    refusalError("timeout", `${siteOf(url)} took longer than ${formatMs(timeoutMs)} to answer. Try again later.`, url, hops, timeoutMs);
  const cancelledError = () => new AppError("UNAVAILABLE", "The fetch was cancelled.");

  try {
    let target = input;
    let base: string | undefined;
    for (let redirects = 0; ; redirects++) {
      const check = checkUrl(target, { allowLoopbackForTests: options.allowLoopbackForTests, base });
      if (!check.allowed) {
        const from = hops.at(-1)?.url;
        hops.push({ url: check.display, status: null });
        const message = from ? `${check.message} (a redirect from ${displayUrl(from)} led there)` : check.message;
        throw refusalError(check.code, message, check.display, hops);
      }
      const href = check.url.href;
      visited.add(href);
      let res: Response;
      try {
        const pending = doFetch(href, {
          method,
          ...(method === "POST" ? { body: options.body ?? "" } : {}),
          redirect: "manual",
          signal: controller.signal,
          headers: { "user-agent": USER_AGENT, accept: accept.length ? `${accept.join(", ")}, */*;q=0.1` : "*/*", ...options.headers },
        });
        // If the time runs out first, the late answer is dropped (and its body released).
        pending.then((late) => (controller.signal.aborted ? late.body?.cancel().catch(() => {}) : undefined)).catch(() => {});
        res = await Promise.race([pending, stopped]);
      } catch (err) {
        if (timedOut) throw timeoutError(href);
        if (options.signal?.aborted) throw cancelledError();
        hops.push({ url: href, status: null });
        const failure = networkFailure(check.url.hostname, err);
        const error = refusalError("network", failure.message, href, hops, undefined, err);
        // The runtime's own words ("internal error; reference = …") stay with the error for support, not in the sentence.
        if (failure.reference) (error.details!.refusal as GuardRefusal).reference = failure.reference;
        throw error;
      }
      hops.push({ url: href, status: res.status });

      const location = res.headers.get("location");
      if (method === "GET" && REDIRECT_STATUSES.has(res.status) && location !== null) {
        await res.body?.cancel().catch(() => {});
        let next: URL;
        try {
          next = new URL(location, href);
        } catch {
          throw refusalError("bad_redirect", `Refused ${check.display}: it redirects to an address that cannot be read (${displayUrl(location)})`, href, hops);
        }
        if (visited.has(next.href)) {
          throw refusalError("redirect_loop", `Refused ${check.display}: its redirects go round in a loop (back to ${displayUrl(next)})`, href, hops);
        }
        if (redirects + 1 > maxRedirects) {
          throw refusalError(
            "too_many_redirects",
            `Refused ${displayUrl(input)}: more than ${maxRedirects} redirects (the next one goes to ${displayUrl(next)})`,
            next.href,
            hops,
            maxRedirects,
          );
        }
        target = location;
        base = href;
        continue;
      }

      const { type, charset } = mediaType(res.headers.get("content-type"));
      if (res.ok && accept.length && !(type && accept.includes(type))) {
        await res.body?.cancel().catch(() => {});
        throw refusalError(
          "content_type",
          `Refused ${check.display}: it answered ${type ?? "without a content type"}, not ${accept.join(" or ")}`,
          href,
          hops,
        );
      }
      const declared = Number(res.headers.get("content-length"));
      if (Number.isFinite(declared) && declared > maxBytes) {
        await res.body?.cancel().catch(() => {});
        throw refusalError("too_large", `Refused ${check.display}: the answer is ${formatBytes(declared)}, over the ${formatBytes(maxBytes)} size limit`, href, hops, maxBytes);
      }

      const chunks: Uint8Array[] = [];
      let bytes = 0;
      if (res.body) {
        phase = "body";
        const body = res.body;
        const reader = body.getReader();
        reader.closed.catch(() => {});
        try {
          for (;;) {
            const read = reader.read();
            read.catch(() => {});
            const { done, value } = await Promise.race([read, stopped]);
            if (done) break;
            bytes += value.byteLength;
            if (bytes > maxBytes) {
              await reader.cancel().catch(() => {});
              throw refusalError("too_large", `Refused ${check.display}: the answer is over the ${formatBytes(maxBytes)} size limit`, href, hops, maxBytes);
            }
            chunks.push(value);
          }
        } catch (err) {
          if (guardRefusalOf(err)) throw err;
          try {
            reader.releaseLock();
          } catch {
            // already released
          }
          body.cancel().catch(() => {});
          if (timedOut) throw timeoutError(href);
          if (options.signal?.aborted) throw cancelledError();
          throw refusalError("network", `Could not read the answer of ${check.display}: ${err instanceof Error ? err.message : "the connection broke"}`, href, hops, undefined, err);
        }
      }
      const all = new Uint8Array(bytes);
      let offset = 0;
      for (const chunk of chunks) {
        all.set(chunk, offset);
        offset += chunk.byteLength;
      }
      return {
        finalUrl: href,
        status: res.status,
        contentType: type,
        body: options.responseType === "bytes" ? "" : decode(all, charset),
        data: all,
        bytes,
        hops,
        timings: { totalMs: Date.now() - started },
        headers: Object.fromEntries([...res.headers].map(([name, value]) => [name.toLowerCase(), value])),
      };
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onCallerAbort);
  }
}

/** A guarded fetch with its policy bound (loopback allowance, fetch, default caps); per-call options override the caps. */
export type GuardedFetcher = (
  url: string,
  options?: Pick<GuardedFetchOptions, "accept" | "maxBytes" | "timeoutMs" | "headers" | "signal" | "responseType" | "method" | "body">,
) => Promise<GuardedResponse>;

export function createGuardedFetcher(defaults: GuardedFetchOptions = {}): GuardedFetcher {
  return (url, options = {}) => guardedFetch(url, { ...defaults, ...options });
}
