declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** Origins of the fake Shopify stores and website (tests/integration/fake-shopify.ts). */
    FAKE_SHOPIFY: { harbor: string; summit: string; web: string };
    /** Origin of the fake Shopify Admin API (tests/integration/fake-shopify-admin.ts), its /__admin/* controls included. */
    SHOPIFY_ADMIN_TEST_URL: string;
  }
}
