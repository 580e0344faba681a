import { describe, expect, it } from "vitest";
import { EnvError, getEnv } from "~/server/platform/env";

// workerd hands the Worker the same env object on every request of an isolate (the droppage bench
// logged one parse over thousands of requests), so getEnv parses once per bindings object.
describe("getEnv memoises per bindings object", () => {
  it("returns the same parsed config for the same object and parses a different one afresh", () => {
    const bindings = { APP_ENV: "test", DEV_TOOLS: "on", LOG_LEVEL: "warn" };
    const first = getEnv(bindings);
    expect(getEnv(bindings)).toBe(first);
    const other = getEnv({ ...bindings, LOG_LEVEL: "error" });
    expect(other).not.toBe(first);
    expect(other.LOG_LEVEL).toBe("error");
    expect(first.LOG_LEVEL).toBe("warn");
  });

  it("never caches a refusal: a bad environment throws on every call", () => {
    const bad = { APP_ENV: "staging", DEV_TOOLS: "on" };
    expect(() => getEnv(bad)).toThrow(EnvError);
    expect(() => getEnv(bad)).toThrow(/APP_ENV/);
  });
});
