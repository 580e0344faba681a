/**
 * wrangler.toml's production environment (`wrangler deploy --env production`): wrangler does not
 * inherit bindings into an environment, so one added at the top level and forgotten here would
 * deploy a Worker without it. Read with wrangler's own config reader.
 */
import { unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";

const local = unstable_readConfig({ config: "wrangler.toml" });
const production = unstable_readConfig({ config: "wrangler.toml", env: "production" });

describe("wrangler.toml's production environment", () => {
  it("keeps the Worker's name and restates every binding of the local configuration", () => {
    expect(production.name).toBe(local.name);
    expect(production.d1_databases).toEqual(local.d1_databases);
    expect(production.r2_buckets).toEqual(local.r2_buckets);
    expect(production.durable_objects).toEqual(local.durable_objects);
    expect(production.services).toEqual(local.services);
    expect(production.assets).toEqual(local.assets);
    expect(production.triggers).toEqual(local.triggers);
    expect(Object.keys(production.vars).sort()).toEqual(Object.keys(local.vars).sort());
  });

  it("deploys as production with the Workers AI binding, which the offline local configuration never has", () => {
    expect(production.vars.APP_ENV).toBe("production");
    expect(production.ai).toEqual({ binding: "AI" });
    expect(local.ai).toBeUndefined();
  });
});
