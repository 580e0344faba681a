import { describe, expect, it } from "vitest";
import {
  commonPasswordCount,
  hashPassword,
  parsePasswordHash,
  passwordProblem,
  PBKDF2_HASH,
  PBKDF2_ITERATIONS,
  PRODUCTION_PBKDF2_MAX_ITERATIONS,
  readFrontCoded,
  SALT_BYTES,
  verifyPassword,
} from "~/server/auth/passwords";
import { COMMON_PASSWORDS_FRONT_CODED } from "~/server/auth/common-passwords.generated";

describe("password hashing parameters", () => {
  it("stays within the production Workers PBKDF2 cap (100,000) and uses SHA-256", () => {
    expect(PRODUCTION_PBKDF2_MAX_ITERATIONS).toBe(100_000);
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(PRODUCTION_PBKDF2_MAX_ITERATIONS);
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(100_000);
    expect(PBKDF2_HASH).toBe("SHA-256");
    expect(SALT_BYTES).toBeGreaterThanOrEqual(16);
  });

  it("records scheme, iterations and salt in the stored hash", async () => {
    const stored = await hashPassword("violet-harbor-lantern");
    const parsed = parsePasswordHash(stored)!;
    expect(stored.startsWith("pbkdf2-sha256$100000$")).toBe(true);
    expect(parsed.iterations).toBe(PBKDF2_ITERATIONS);
    expect(parsed.salt.length).toBe(SALT_BYTES);
    expect(parsed.hash.length).toBe(32);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same password here")).not.toBe(await hashPassword("same password here"));
  });

  it("refuses to hash above the production cap, which would fail only in production", async () => {
    await expect(hashPassword("x".repeat(10), 100_001)).rejects.toThrow(/Workers limit/);
  });

  it("verifies exactly as typed and asks for a rehash when parameters are old", async () => {
    const stored = await hashPassword("Case Sensitive pass", 1_000);
    expect(await verifyPassword("Case Sensitive pass", stored)).toEqual({ ok: true, needsRehash: true });
    expect((await verifyPassword("case sensitive pass", stored)).ok).toBe(false);
    expect((await verifyPassword("Case Sensitive pass ", stored)).ok).toBe(false);
    const current = await hashPassword("Case Sensitive pass");
    expect(await verifyPassword("Case Sensitive pass", current)).toEqual({ ok: true, needsRehash: false });
  });

  it("treats a malformed stored hash as a failed check", async () => {
    expect(await verifyPassword("anything", "plaintext")).toEqual({ ok: false, needsRehash: false });
  });
});

describe("password policy", () => {
  it("ships at least 10,000 common passwords", () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  });
  it("reads the front-coded list: each line's first character is the prefix it shares with the line before", () => {
    expect(readFrontCoded("0password\n81\n8word\n0qwerty")).toEqual(["password", "password1", "passwordword", "qwerty"]);
    const list = readFrontCoded(COMMON_PASSWORDS_FRONT_CODED);
    expect(list.length).toBe(commonPasswordCount());
    expect(list.every((p, i) => i === 0 || list[i - 1] < p)).toBe(true);
    expect(list.every((p) => p.length >= 8 && p === p.toLowerCase())).toBe(true);
  });
  it.each(["password", "PASSWORD1", "qwertyuiop", "iloveyou123", "baseball"])("refuses the common %s", (pw) => {
    expect(passwordProblem(pw)).toMatch(/too common/);
  });
  it("counts characters, not bytes, for the length rules", () => {
    expect(passwordProblem("ééééééé")).toMatch(/at least 8/);
    expect(passwordProblem("🔒🔒🔒🔒🔒🔒🔒🔒")).toBeNull();
    expect(passwordProblem("a".repeat(128).replace(/a/g, (_, i) => String.fromCharCode(97 + (i % 26))))).toBeNull();
    expect(passwordProblem("b".repeat(129))).toMatch(/at most 128/);
  });
  it("has no composition rules", () => {
    expect(passwordProblem("only lowercase letters here")).toBeNull();
  });
  it("refuses the username or email as the password", () => {
    expect(passwordProblem("shopowner99", { username: "ShopOwner99" })).toMatch(/username/);
    expect(passwordProblem("me@store.com", { email: "me@store.com" })).toMatch(/email/);
  });
});
