/**
 * The dev pace cookie (functions/dev.ts): the browser tests that stop or reload mid-answer slow
 * their own answers with it; only a local run with DEV_TOOLS on reads it.
 */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { DEV_ANALYST_PACE_COOKIE } from "~/domain/contracts/chats";
import { parseEnv } from "~/server/platform/env";
import type { ApiEnv } from "../../../functions/context";
import { devAnalystPace } from "../../../functions/dev";

async function paceFor(devTools: "on" | "off", cookie?: string) {
  const app = new Hono<ApiEnv>();
  app.use(async (c, next) => {
    c.set("config", parseEnv({ DEV_TOOLS: devTools, APP_URL: "https://app.dropcraft.test" }));
    await next();
  });
  app.get("/", (c) => c.json({ pace: devAnalystPace(c) ?? null }));
  const headers: Record<string, string> = cookie === undefined ? {} : { cookie: `${DEV_ANALYST_PACE_COOKIE}=${cookie}` };
  return ((await (await app.request("/", { headers })).json()) as { pace: number | null }).pace;
}

describe("devAnalystPace", () => {
  it("reads the cookie's pace on a local run with DEV_TOOLS on", async () => {
    expect(await paceFor("on", "40")).toBe(40);
    expect(await paceFor("on", "0")).toBe(0);
    expect(await paceFor("on", "1000")).toBe(1000);
  });

  it("leaves the configured pace when there is no cookie", async () => {
    expect(await paceFor("on")).toBeNull();
  });

  it("ignores the cookie with DEV_TOOLS off, as in production", async () => {
    expect(await paceFor("off", "40")).toBeNull();
  });

  it("ignores a pace that is not a whole number of ms from 0 to 1000", async () => {
    for (const bad of ["abc", "", "-1", "1001", "2.5", "1e9"]) expect(await paceFor("on", bad), bad).toBeNull();
  });
});
