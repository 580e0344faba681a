/**
 * The sample catalog's seed SQL, made once per run in Node (globalSetup) and handed to every
 * test file with `provide`: generating, scoring and backtesting 5,100 products inside workerd
 * takes 8–30 s per file, in Node about 3 s once. Test files call `seedSampleCatalog()`
 * (tests/integration/helpers.ts), which runs the same statements `npm run db:seed` writes.
 */
import type { TestProject } from "vitest/node";
import { sampleCatalogRows, SAMPLE_CATALOG_VERSION } from "../../app/server/market/seed";
import { sampleCatalogStatements } from "../../db/catalog-seed";

declare module "vitest" {
  export interface ProvidedContext {
    sampleCatalog: { version: string; statements: string[] };
  }
}

export default function setup(project: TestProject) {
  project.provide("sampleCatalog", { version: SAMPLE_CATALOG_VERSION, statements: sampleCatalogStatements(sampleCatalogRows()) });
}
