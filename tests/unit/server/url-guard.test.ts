/** The URL guard's pure decisions (ADR 012): every refusal class, in every notation an address can be written in. */
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/platform/env";
import {
  checkUrl,
  classifyIpv4,
  classifyIpv6,
  guardedFetch,
  guardRefusalOf,
  parseIpv4,
  parseIpv6,
  formatIpv4,
  type UrlRefusalCode,
} from "~/server/web/url-guard";

const REFUSED: [string, UrlRefusalCode][] = [
  // Schemes and shapes
  ["ftp://example.com/file", "scheme"],
  ["file:///etc/passwd", "scheme"],
  ["javascript:alert(1)", "scheme"],
  ["data:text/html,<h1>x</h1>", "scheme"],
  ["gopher://example.com/", "scheme"],
  ["ws://example.com/", "scheme"],
  ["not a url", "invalid_url"],
  ["", "invalid_url"],
  ["http://", "invalid_url"],
  ["http://user:pass@example.com/", "credentials"],
  ["https://user@example.com/", "credentials"],
  ["http://example.com:8080/", "port"],
  ["https://example.com:22/", "port"],
  // Loopback, every notation
  ["http://127.0.0.1/", "loopback"],
  ["http://127.0.0.1:8080/", "loopback"],
  ["http://127.1/", "loopback"],
  ["http://127.0.1/", "loopback"],
  ["http://2130706433/", "loopback"],
  ["http://0x7f000001/", "loopback"],
  ["http://0x7f.0.0.1/", "loopback"],
  ["http://0177.0.0.1/", "loopback"],
  ["http://0177.1/", "loopback"],
  ["http://017700000001/", "loopback"],
  ["http://127.255.255.254/", "loopback"],
  ["http://127.0.0.1./", "loopback"],
  ["http://%31%32%37.0.0.1/", "loopback"],
  ["http://１２７.０.０.１/", "loopback"],
  ["http://[::1]/", "loopback"],
  ["http://[0:0:0:0:0:0:0:1]/", "loopback"],
  ["http://[::ffff:127.0.0.1]/", "loopback"],
  ["http://[::ffff:7f00:1]/", "loopback"],
  ["http://[::127.0.0.1]/", "loopback"],
  ["http://[64:ff9b::127.0.0.1]/", "loopback"],
  ["http://[2002:7f00:1::]/", "loopback"],
  ["http://localhost/", "loopback"],
  ["http://LOCALHOST./", "loopback"],
  ["http://shop.localhost/", "loopback"],
  ["http://127.0.0.1.nip.io/", "loopback"],
  ["http://app.127-0-0-1.sslip.io/", "loopback"],
  ["http://7f000001.nip.io/", "loopback"],
  ["http://--1.sslip.io/", "loopback"],
  ["http://anything.localtest.me/", "loopback"],
  ["http://lvh.me/", "loopback"],
  // Private networks
  ["http://10.0.0.1/", "private"],
  ["http://10.255.255.255/", "private"],
  ["http://167772161/", "private"],
  ["http://0xa000001/", "private"],
  ["http://012.0.0.1/", "private"],
  ["http://10.1/", "private"],
  ["http://172.16.0.1/", "private"],
  ["http://172.31.255.255/", "private"],
  ["http://192.168.1.1/", "private"],
  ["http://0xc0a80101/", "private"],
  ["http://[::ffff:10.0.0.1]/", "private"],
  ["http://[::ffff:192.168.0.1]/", "private"],
  ["http://[fd00::1]/", "private"],
  ["http://[fc00::1]/", "private"],
  ["http://[fec0::1]/", "private"],
  ["http://10.0.0.1.nip.io/", "private"],
  ["http://db-192-168-0-10.sslip.io/", "private"],
  ["http://100.64.0.1/", "shared_address"],
  ["http://100.127.255.254/", "shared_address"],
  // Link-local and metadata
  ["http://169.254.169.254/latest/meta-data/", "metadata"],
  ["http://2852039166/", "metadata"],
  ["http://0xa9fea9fe/", "metadata"],
  ["http://0251.0376.0251.0376/", "metadata"],
  ["http://169.254.43518/", "metadata"],
  ["http://[::ffff:169.254.169.254]/", "metadata"],
  ["http://[fd00:ec2::254]/", "metadata"],
  ["http://100.100.100.200/", "metadata"],
  ["http://metadata.google.internal/computeMetadata/v1/", "metadata"],
  ["http://metadata/", "metadata"],
  ["http://169.254.1.1/", "link_local"],
  ["http://[fe80::1]/", "link_local"],
  ["http://[fe80::a00:27ff:fe4e:66a1]/", "link_local"],
  // Unspecified, multicast, reserved
  ["http://0.0.0.0/", "unspecified"],
  ["http://0/", "unspecified"],
  ["http://0.1.2.3/", "unspecified"],
  ["http://[::]/", "unspecified"],
  ["http://224.0.0.1/", "multicast"],
  ["http://239.255.255.250/", "multicast"],
  ["http://[ff02::1]/", "multicast"],
  ["http://240.0.0.1/", "reserved"],
  ["http://255.255.255.255/", "reserved"],
  ["http://4294967295/", "reserved"],
  ["http://192.0.2.1/", "reserved"],
  ["http://198.18.0.1/", "reserved"],
  ["http://198.51.100.7/", "reserved"],
  ["http://203.0.113.9/", "reserved"],
  ["http://[2001:db8::1]/", "reserved"],
  ["http://[2001::1]/", "reserved"],
  ["http://[100::1]/", "reserved"],
  ["http://[4000::1]/", "reserved"],
  // Internal names
  ["http://intranet/", "internal_hostname"],
  ["http://printer.local/", "internal_hostname"],
  ["http://db.internal/", "internal_hostname"],
  ["http://router.home.arpa/", "internal_hostname"],
  ["http://nas.lan/", "internal_hostname"],
];

const ALLOWED = [
  "https://example.com/",
  "http://example.com/products/candle",
  "https://shop.example.co.uk/products/x?variant=1#reviews",
  "https://example.com:443/",
  "http://example.com:80/",
  "http://93.184.216.34/",
  "http://1572395042/",
  "http://8.8.8.8/",
  "http://11.0.0.1/",
  "http://172.32.0.1/",
  "http://100.128.0.1/",
  "http://169.255.0.1/",
  "http://192.169.0.1/",
  "http://[2606:4700:4700::1111]/",
  "http://[::ffff:8.8.8.8]/",
  "http://[2002:808:808::]/",
  "http://8.8.8.8.nip.io/",
  "http://nip.io/",
  "https://xn--bcher-kva.example/",
  "https://cdn.shopify.com/s/files/1/0000/0001/products/a.jpg",
];

describe("checkUrl refuses every class of address, whatever its notation", () => {
  it.each(REFUSED)("%s → %s", (url, code) => {
    const check = checkUrl(url);
    expect(check.allowed).toBe(false);
    if (!check.allowed) {
      expect(check.code).toBe(code);
      expect(check.message).toMatch(/^Refused /);
    }
  });

  it.each(ALLOWED)("allows %s", (url) => {
    const check = checkUrl(url);
    expect(check, JSON.stringify(check)).toMatchObject({ allowed: true });
  });
});

describe("refusal messages name the URL and the refusal", () => {
  const message = (url: string) => {
    const check = checkUrl(url);
    if (check.allowed) throw new Error(`${url} was allowed`);
    return check.message;
  };

  it("says what the address is and how it was written", () => {
    expect(message("http://127.0.0.1/")).toBe("Refused http://127.0.0.1/: loopback address (127.0.0.1, in 127.0.0.0/8)");
    expect(message("http://2130706433/")).toBe("Refused http://127.0.0.1/: loopback address (127.0.0.1 written as 2130706433, in 127.0.0.0/8)");
    expect(message("http://0x7f000001/x")).toContain("written as 0x7f000001");
    expect(message("http://169.254.169.254/latest/meta-data/")).toBe(
      "Refused http://169.254.169.254/latest/meta-data/: cloud metadata address (link-local) (169.254.169.254, in 169.254.169.254/32)",
    );
    expect(message("http://[::ffff:127.0.0.1]/")).toContain("loopback address written as an IPv4-mapped address (127.0.0.1)");
    expect(message("http://10.0.0.1/")).toContain("private network address (10.0.0.1, in 10.0.0.0/8)");
    expect(message("ftp://example.com/")).toBe("Refused ftp://example.com/: only http and https addresses are fetched (this one is ftp:)");
    expect(message("http://example.com:8080/")).toBe("Refused http://example.com:8080/: port 8080 is not fetched (only 80 and 443)");
  });

  it("never repeats a password from the URL", () => {
    const text = message("http://admin:hunter2@example.com/");
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("admin");
    expect(text).toContain("***@example.com");
  });

  it("keeps long and control-character URLs readable", () => {
    expect(message(`http://10.0.0.1/${"a".repeat(500)}`).length).toBeLessThan(320);
    expect(message("http://10.0.0.1/\u0007x")).not.toContain("\u0007");
  });
});

describe("the test-only loopback allowance", () => {
  const allow = { allowLoopbackForTests: true };

  it("lets 127.0.0.1, [::1] and localhost through on an explicit non-default port", () => {
    for (const url of ["http://127.0.0.1:8787/", "http://[::1]:9000/x", "http://localhost:3000/", "http://2130706433:8787/"]) {
      expect(checkUrl(url, allow), url).toMatchObject({ allowed: true, testLoopback: true });
    }
  });

  it("lets nothing else through: other loopback forms, default ports, private, link-local or metadata addresses", () => {
    for (const [url, code] of [
      ["http://127.0.0.1/", "loopback"],
      ["http://127.0.0.1:443/", "loopback"],
      ["http://127.0.0.2:8787/", "loopback"],
      ["http://[::ffff:127.0.0.1]:8787/", "loopback"],
      ["http://shop.localhost:8787/", "loopback"],
      ["http://10.0.0.1:8787/", "private"],
      ["http://192.168.0.1:8787/", "private"],
      ["http://169.254.169.254:8787/", "metadata"],
      ["http://169.254.169.254/", "metadata"],
      ["http://example.com:8787/", "port"],
      ["file:///etc/passwd", "scheme"],
    ] as const) {
      expect(checkUrl(url, allow), url).toMatchObject({ allowed: false, code });
    }
  });

  it("is refused by the environment in production, and off by default", () => {
    const production = { APP_ENV: "production", ALLOW_OFFLINE_ANALYST: "on", AUTH_SECRET: "p".repeat(40), STORE_TOKEN_KEY: "k".repeat(40), STRIPE_WEBHOOK_SECRET: "whsec_production_secret", APP_URL: "https://app.dropcraft.ai" };
    expect(parseEnv(production).URL_GUARD_ALLOW_LOOPBACK).toBe("off");
    expect(() => parseEnv({ ...production, URL_GUARD_ALLOW_LOOPBACK: "on" })).toThrow(/URL_GUARD_ALLOW_LOOPBACK: the test-only loopback allowance/);
    expect(parseEnv({ APP_ENV: "test", DEV_TOOLS: "on", URL_GUARD_ALLOW_LOOPBACK: "on" }).URL_GUARD_ALLOW_LOOPBACK).toBe("on");
    expect(() => parseEnv({ DEV_TOOLS: "on", URL_GUARD_ALLOW_LOOPBACK: "yes" })).toThrow(/URL_GUARD_ALLOW_LOOPBACK must be "on" or "off"/);
  });
});

describe("address parsers", () => {
  it("reads IPv4 in every WHATWG notation", () => {
    const cases: [string, string | null][] = [
      ["127.0.0.1", "127.0.0.1"],
      ["2130706433", "127.0.0.1"],
      ["0x7f000001", "127.0.0.1"],
      ["0X7F.0.0.1", "127.0.0.1"],
      ["0177.0.0.01", "127.0.0.1"],
      ["127.1", "127.0.0.1"],
      ["127.0.1", "127.0.0.1"],
      ["10.1.65535", "10.1.255.255"],
      ["0x", "0.0.0.0"],
      ["1.2.3.4.", "1.2.3.4"],
      ["4294967296", null],
      ["256.0.0.1", null],
      ["1.2.3.4.5", null],
      ["08.0.0.1", null],
      ["0xg.0.0.1", null],
      ["example.com", null],
      ["1..2", null],
      ["", null],
    ];
    for (const [input, expected] of cases) {
      const n = parseIpv4(input);
      expect(n === null ? null : formatIpv4(n), input).toBe(expected);
    }
  });

  it("reads IPv6 with compression and dotted tails, and refuses malformed ones", () => {
    expect(parseIpv6("::1")).toBe(1n);
    expect(parseIpv6("::")).toBe(0n);
    expect(parseIpv6("::ffff:127.0.0.1")).toBe(parseIpv6("::ffff:7f00:1"));
    expect(parseIpv6("1:2:3:4:5:6:7:8")).toBe(0x00010002000300040005000600070008n);
    for (const bad of ["1:2:3:4:5:6:7:8:9", "1::2::3", "fe80::1%eth0", "12345::", "::ffff:256.0.0.1", "::ffff:01.2.3.4", "g::1"]) {
      expect(parseIpv6(bad), bad).toBeNull();
    }
  });

  it("classifies public addresses as public", () => {
    expect(classifyIpv4(parseIpv4("1.1.1.1")!)).toBeNull();
    expect(classifyIpv6(parseIpv6("2606:4700::1")!)).toBeNull();
  });
});

describe("guardedFetch with an injected fetch (no network)", () => {
  it("says why a connection failed in plain words and keeps the runtime's reference apart", async () => {
    const failing = (message: string, code?: string) =>
      (async () => {
        throw Object.assign(new Error(message), code ? { code } : {});
      }) as unknown as typeof fetch;
    const refusalFor = async (message: string, code?: string) =>
      guardRefusalOf(await guardedFetch("https://www.petco.com/products.json?limit=250&page=1", { fetchImpl: failing(message, code) }).catch((e: unknown) => e))!;

    const internal = await refusalFor("internal error; reference = iefs374abc");
    expect(internal).toMatchObject({ code: "network", message: "We could not reach petco.com. Check the address, or try again later.", reference: "iefs374abc" });
    expect(internal.message).not.toMatch(/internal error|reference|products\.json/);
    expect((await refusalFor("getaddrinfo ENOTFOUND www.petco.com", "ENOTFOUND")).message).toBe("We could not find petco.com. Check the address for a typo.");
    expect((await refusalFor("connect ECONNREFUSED 1.2.3.4:443", "ECONNREFUSED")).message).toBe("petco.com refused the connection. Try again later.");
    expect((await refusalFor("TLS handshake failed: certificate has expired")).message).toBe("petco.com did not set up a secure connection. Check the address, or try again later.");
    expect((await refusalFor("connection reset")).reference).toBeUndefined();
  });

  it("refuses before calling fetch at all", async () => {
    let called = 0;
    const fetchImpl = (async () => {
      called++;
      return new Response("x");
    }) as typeof fetch;
    const err = await guardedFetch("http://169.254.169.254/latest/meta-data/", { fetchImpl }).catch((e: unknown) => e);
    expect(guardRefusalOf(err)).toMatchObject({ code: "metadata", hops: [{ url: "http://169.254.169.254/latest/meta-data/", status: null }] });
    expect(called).toBe(0);
  });

  it("re-checks a redirect target, relative or absolute, and stops at the refused hop", async () => {
    const seen: string[] = [];
    const fetchImpl = (async (input: RequestInfo | URL) => {
      const url = String(input);
      seen.push(url);
      if (url.endsWith("/start")) return new Response(null, { status: 302, headers: { location: "/next" } });
      return new Response(null, { status: 301, headers: { location: "http://0xa9fea9fe/latest/" } });
    }) as typeof fetch;
    const err = await guardedFetch("https://shop.example.com/start", { fetchImpl }).catch((e: unknown) => e);
    const refusal = guardRefusalOf(err)!;
    expect(refusal.code).toBe("metadata");
    expect(refusal.message).toContain("written as 0xa9fea9fe");
    expect(refusal.message).toContain("a redirect from https://shop.example.com/next led there");
    expect(refusal.hops).toEqual([
      { url: "https://shop.example.com/start", status: 302 },
      { url: "https://shop.example.com/next", status: 301 },
      { url: "http://169.254.169.254/latest/", status: null },
    ]);
    expect(seen).toEqual(["https://shop.example.com/start", "https://shop.example.com/next"]);
  });

  it("follows at most five redirects and refuses loops", async () => {
    const chain = (n: number) =>
      (async (input: RequestInfo | URL) => {
        const step = Number(new URL(String(input)).pathname.slice(1));
        return step < n ? new Response(null, { status: 302, headers: { location: `/${step + 1}` } }) : new Response("done", { headers: { "content-type": "text/plain" } });
      }) as typeof fetch;
    const five = await guardedFetch("https://example.com/0", { fetchImpl: chain(5) });
    expect(five.hops).toHaveLength(6);
    expect(five.body).toBe("done");
    const six = guardRefusalOf(await guardedFetch("https://example.com/0", { fetchImpl: chain(6) }).catch((e: unknown) => e));
    expect(six).toMatchObject({ code: "too_many_redirects", limit: 5 });
    const loop = (async () => new Response(null, { status: 307, headers: { location: "https://example.com/a" } })) as typeof fetch;
    expect(guardRefusalOf(await guardedFetch("https://example.com/a", { fetchImpl: loop }).catch((e: unknown) => e))).toMatchObject({ code: "redirect_loop" });
  });

  it("counts the body while it streams and stops over the cap, whatever Content-Length claims", async () => {
    const fetchImpl = (async () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            controller.enqueue(new Uint8Array(64 * 1024));
          },
        }),
        { headers: { "content-type": "text/html" } },
      )) as typeof fetch;
    const refusal = guardRefusalOf(await guardedFetch("https://example.com/", { fetchImpl, maxBytes: 256 * 1024 }).catch((e: unknown) => e));
    expect(refusal).toMatchObject({ code: "too_large", limit: 256 * 1024 });
    expect(refusal?.message).toBe("Refused https://example.com/: the answer is over the 256 KB size limit");
  });

  it("names the time cap when an answer is too slow", async () => {
    const fetchImpl = ((_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))))) as typeof fetch;
    const refusal = guardRefusalOf(await guardedFetch("https://example.com/", { fetchImpl, timeoutMs: 50 }).catch((e: unknown) => e));
    expect(refusal).toMatchObject({ code: "timeout", limit: 50 });
    expect(refusal?.message).toBe("example.com took longer than 50 ms to answer. Try again later.");
  });

  it("checks the content type of a 2xx answer only", async () => {
    const png = (async () => new Response("\x89PNG", { headers: { "content-type": "image/png" } })) as typeof fetch;
    const refusal = guardRefusalOf(await guardedFetch("https://example.com/", { fetchImpl: png, accept: ["text/html"] }).catch((e: unknown) => e));
    expect(refusal).toMatchObject({ code: "content_type" });
    expect(refusal?.message).toContain("it answered image/png, not text/html");
    const missing = (async () => new Response("nope", { status: 404, headers: { "content-type": "image/png" } })) as typeof fetch;
    expect((await guardedFetch("https://example.com/", { fetchImpl: missing, accept: ["text/html"] })).status).toBe(404);
  });
});
