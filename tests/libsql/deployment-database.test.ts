import { describe, expect, it } from "vitest";
import { deploymentDatabase } from "../../db/client";

// A stand-in binding: deploymentDatabase only hands it to drizzle's D1 driver, which sends nothing until a query.
const d1 = { prepare: () => ({}), batch: async () => [] } as unknown as D1Database;

describe("the deployment's database", () => {
  it("is the D1 binding's unless LIBSQL_URL is set, then a libSQL HTTP client for that server, one per URL", async () => {
    expect((await deploymentDatabase({ DB: d1 })).$client).toBe(d1);
    const env = { DB: d1, LIBSQL_URL: "https://dropcraft-example.turso.io", LIBSQL_AUTH_TOKEN: "token" };
    const db = await deploymentDatabase(env);
    expect(db.$client).not.toBe(d1);
    expect(db.$client).toMatchObject({ protocol: "http" });
    expect(await deploymentDatabase({ ...env })).toBe(db);
    expect(await deploymentDatabase({ ...env, LIBSQL_URL: "libsql://other.example" })).not.toBe(db);
  });
});
