import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { uniqueViolation } from "../../db/errors";
import { stripeEvents, users } from "../../db/schema";

async function failureOf(write: () => Promise<unknown>): Promise<unknown> {
  try {
    await write();
  } catch (err) {
    return err;
  }
  throw new Error("the write was expected to fail");
}

describe("uniqueViolation reads the driver's error, not drizzle's message", () => {
  const db = createDb(env.DB);

  it("names the primary key a duplicate insert broke", async () => {
    const id = `evt_${crypto.randomUUID()}`;
    await db.insert(stripeEvents).values({ id, type: "checkout.session.completed" });
    const err = await failureOf(() => db.insert(stripeEvents).values({ id, type: "checkout.session.completed" }));
    expect(uniqueViolation(err)).toBe("stripe_events.id");
  });

  it("names the expression index behind a case-insensitive clash", async () => {
    const name = `Clash${Date.now()}`;
    await db.insert(users).values({ username: name, email: `${name}@a.test`, passwordHash: "x" });
    const err = await failureOf(() => db.insert(users).values({ username: name.toLowerCase(), email: `${name}@b.test`, passwordHash: "x" }));
    expect(uniqueViolation(err)).toContain("users_username_lower_idx");
  });

  it("is not fooled by 'UNIQUE' in the SQL or the parameters of another failure", async () => {
    const err = await failureOf(() =>
      db.run(sql`INSERT INTO users (username, email, password_hash) VALUES (${"UNIQUE constraint failed: users.id"}, ${null}, ${"x"})`),
    );
    expect(String((err as Error).message)).toContain("UNIQUE constraint failed");
    expect(uniqueViolation(err)).toBeNull();
  });
});
