import { stripVTControlCharacters } from "node:util";
import type { TestProject } from "vitest/node";
import { startFakeShopifyAdmin } from "../integration/fake-shopify-admin";
import { startWorker } from "./server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

// One `wrangler dev` of the built product for the whole browser suite.
export default async function setup(project: TestProject) {
  // Store export reaches a local Shopify Admin API (the workerd suite's fake) instead of Shopify;
  // the URL guard lets loopback through only on its explicit port for that.
  const shopify = await startFakeShopifyAdmin();
  // The built-in analyst writes at the product's pace; a test that reloads or stops mid-answer
  // slows its own answers (slowAnalystAnswers in helpers.ts).
  const server = await startWorker({
    label: "e2e",
    vars: { SHOPIFY_ADMIN_BASE_URL: shopify.url, URL_GUARD_ALLOW_LOOPBACK: "on" },
  }).catch(async (err) => {
    await shopify.close();
    throw err;
  });
  project.provide("baseURL", server.baseURL);
  project.provide("shopifyAdminUrl", shopify.url);
  return async () => {
    const reloads = server.reloads();
    if (reloads) {
      console.warn(
        `\n⚠ wrangler dev reloaded ${reloads} time(s) during the browser tests: a config file (wrangler.toml) changed mid-run. ` +
          "A request in flight at a reload is answered 503 (\"worker restarted mid-request\"); do not edit the checkout while they run.\n",
      );
    }
    // What the server answered with 5xx, and what workerd itself reported, so a failure in CI
    // (where the server's log is not kept) names the request behind a "status of 503" in a test.
    const troubles = serverTroubles(server.output());
    if (troubles.length) console.warn(`\nThe server's 5xx answers and errors during the browser tests:\n${troubles.join("\n")}\n`);
    server.stop();
    await shopify.close();
  };
}

/**
 * workerd errors the suite causes on purpose, left out so the list shows what is not: the
 * browser closing a page mid-answer (a stream or the usage SSE), and fixtures' addresses under
 * example.com, which do not resolve offline (the tests answer them inside the browser instead).
 */
const EXPECTED_SERVER_ERRORS = [/::write\(fd, buffer\.begin\(\), buffer\.size\(\)\): Broken pipe/, /DNS lookup failed\.; params\.host = [\w.-]*example\.com;/];

/** Request log lines with a 5xx status, error lines, and wrangler's own errors and reloads (the last 60). */
export function serverTroubles(output: string): string[] {
  const lines = output.split("\n").map((l) => stripVTControlCharacters(l).trim());
  const troubles = lines.filter(
    (l) =>
      (/"status":5\d\d|"level":"error"/.test(l) || /\[ERROR\]|restarted mid-request|Reloading local server/.test(l)) &&
      !EXPECTED_SERVER_ERRORS.some((expected) => expected.test(l)),
  );
  return troubles.slice(-60).map((l) => `  ${l.slice(0, 400)}`);
}
