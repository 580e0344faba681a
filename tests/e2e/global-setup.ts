import type { TestProject } from "vitest/node";
import { startWorker } from "./server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

// One `wrangler dev` of the built product for the whole browser suite.
export default async function setup(project: TestProject) {
  const server = await startWorker({ label: "e2e" });
  project.provide("baseURL", server.baseURL);
  return () => server.stop();
}
