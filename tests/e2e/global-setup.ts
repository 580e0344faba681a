import type { TestProject } from "vitest/node";
import { startWorker } from "./server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

// One `wrangler dev` of the built product for the whole browser suite.
export default async function setup(project: TestProject) {
  // The built-in analyst writes at a readable pace (about 40 ms a piece), so a test can reload or stop mid-answer.
  const server = await startWorker({ label: "e2e", vars: { ANALYST_PACE_MS: "40" } });
  project.provide("baseURL", server.baseURL);
  return () => server.stop();
}
