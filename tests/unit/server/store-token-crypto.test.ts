import { describe, expect, it } from "vitest";
import { AppError } from "~/domain/errors";
import { DEV_STORE_TOKEN_KEY, EnvError, parseEnv } from "~/server/platform/env";
import { maskToken, openToken, sealToken, tokenContext } from "~/server/store-export/token-crypto";

const SECRET = "s".repeat(16) + "-store-token-key-for-tests-0123";
const OTHER_SECRET = "o".repeat(16) + "-another-store-token-key-456789";
const TOKEN = "shpat_0123456789abcdef0123456789ab9f3a";
const CONTEXT = tokenContext("user-1", "my-shop.myshopify.com");

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const appError = err as AppError;
  expect(appError.type).toBe("INTERNAL");
  expect(appError.message).toMatch(/could not be decrypted/);
  expect(appError.message).not.toContain(TOKEN);
  return appError;
}

/** Flips one bit of the base64url character at `index` of `text`. */
function flip(text: string, index: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const at = alphabet.indexOf(text[index]!);
  return text.slice(0, index) + alphabet[at ^ 1] + text.slice(index + 1);
}

describe("sealToken / openToken", () => {
  it("opens what it sealed", async () => {
    const sealed = await sealToken(TOKEN, SECRET, CONTEXT);
    expect(await openToken(sealed, SECRET, CONTEXT)).toBe(TOKEN);
    expect(await openToken(await sealToken("ünïcode ✓ token", SECRET, CONTEXT), SECRET, CONTEXT)).toBe(
      "ünïcode ✓ token",
    );
  });

  it("is versioned v1.<12-byte iv>.<ciphertext> and holds no part of the token", async () => {
    const sealed = await sealToken(TOKEN, SECRET, CONTEXT);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("shpat");
    // No 6-character run of the token survives into the sealed text (plain or base64url of it).
    for (let i = 0; i + 6 <= TOKEN.length; i++) expect(sealed).not.toContain(TOKEN.slice(i, i + 6));
    expect(sealed).not.toContain(btoa(TOKEN).slice(0, 12).replace(/\+/g, "-").replace(/\//g, "_"));
  });

  it("seals the same token differently every time (a random IV per seal)", async () => {
    const a = await sealToken(TOKEN, SECRET, CONTEXT);
    const b = await sealToken(TOKEN, SECRET, CONTEXT);
    expect(a).not.toBe(b);
    expect(a.split(".")[1]).not.toBe(b.split(".")[1]);
  });

  it("refuses a tampered ciphertext, IV or version", async () => {
    const sealed = await sealToken(TOKEN, SECRET, CONTEXT);
    const [version, iv, ciphertext] = sealed.split(".") as [string, string, string];
    await refusal(openToken(`${version}.${iv}.${flip(ciphertext, 3)}`, SECRET, CONTEXT));
    await refusal(openToken(`${version}.${flip(iv, 2)}.${ciphertext}`, SECRET, CONTEXT));
    await refusal(openToken(`v2.${iv}.${ciphertext}`, SECRET, CONTEXT));
    await refusal(openToken(`${version}.${iv}.${ciphertext.slice(0, 10)}`, SECRET, CONTEXT));
    await refusal(openToken(`${version}.${iv}`, SECRET, CONTEXT));
    await refusal(openToken(`${version}.${iv}.${ciphertext}!`, SECRET, CONTEXT));
    await refusal(openToken(TOKEN, SECRET, CONTEXT));
  });

  it("refuses to open with another key", async () => {
    const sealed = await sealToken(TOKEN, SECRET, CONTEXT);
    await refusal(openToken(sealed, OTHER_SECRET, CONTEXT));
  });

  it("refuses a sealed token copied to another connection (user or shop)", async () => {
    const sealed = await sealToken(TOKEN, SECRET, CONTEXT);
    await refusal(openToken(sealed, SECRET, tokenContext("user-2", "my-shop.myshopify.com")));
    await refusal(openToken(sealed, SECRET, tokenContext("user-1", "other-shop.myshopify.com")));
    // The shop domain is compared as the store knows it: case and spaces do not matter.
    expect(await openToken(sealed, SECRET, tokenContext("user-1", " My-Shop.myshopify.com "))).toBe(TOKEN);
  });

  it("refuses a key shorter than 32 characters", async () => {
    await expect(sealToken(TOKEN, "short", CONTEXT)).rejects.toThrow(/STORE_TOKEN_KEY must be at least 32 characters/);
  });
});

describe("maskToken", () => {
  it("shows the kind prefix and the last four characters", () => {
    expect(maskToken(TOKEN)).toBe("shpat_…9f3a");
    expect(maskToken("0123456789abcdef0123")).toBe("…0123");
  });
  it("masks short tokens fully", () => {
    expect(maskToken("shpat_abcd1234")).toBe("••••");
    expect(maskToken("abc")).toBe("••••");
    expect(maskToken("")).toBe("••••");
  });
});

describe("STORE_TOKEN_KEY", () => {
  const production = {
    APP_ENV: "production",
    AI_BASE_URL: "https://api.openai.com/v1",
    AI_MODEL: "gpt-4o-mini",
    APP_URL: "https://app.dropcraft.ai",
    AUTH_SECRET: "a".repeat(40),
    STRIPE_WEBHOOK_SECRET: "whsec_real_secret",
  };

  it("defaults to the public dev key outside production", () => {
    expect(parseEnv({ DEV_TOOLS: "on" }).STORE_TOKEN_KEY).toBe(DEV_STORE_TOKEN_KEY);
  });
  it("is refused in production while it is the dev default, accepted once set", () => {
    expect(() => parseEnv(production)).toThrow(/STORE_TOKEN_KEY: set a key of your own in production/);
    expect(parseEnv({ ...production, STORE_TOKEN_KEY: "k".repeat(40) }).STORE_TOKEN_KEY).toBe("k".repeat(40));
  });
  it("must be at least 32 characters", () => {
    let error: unknown;
    try {
      parseEnv({ DEV_TOOLS: "on", STORE_TOKEN_KEY: "too-short" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).issues).toContain("STORE_TOKEN_KEY: STORE_TOKEN_KEY must be at least 32 characters");
  });
});
