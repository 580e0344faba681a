declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** Origins of the fake Shopify stores and website (tests/integration/fake-shopify.ts). */
    FAKE_SHOPIFY: { harbor: string; summit: string; web: string };
    /** Origin of the fake Shopify Admin API (tests/integration/fake-shopify-admin.ts), its /__admin/* controls included. */
    SHOPIFY_ADMIN_TEST_URL: string;
    /** Origin of the fake Meta Graph API (tests/integration/fake-meta-graph.ts), its /__admin/* controls included. */
    META_GRAPH_TEST_URL: string;
    /** The schema fuzz: "sample" (npm test: a seeded share of each operation's requests) or "full" (npm run test:fuzz). */
    FUZZ_MODE: "sample" | "full";
    /** The sample's seed, printed by vitest.workers.config.ts; FUZZ_SEED=<n> repeats a run's sample. */
    FUZZ_SEED: string;
    /** A binding in Workers AI's shapes (tests/integration/fake-workers-ai.ts). */
    WORKERS_AI_FAKE: Ai;
  }
}
