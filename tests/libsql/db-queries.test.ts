import { runSeedStatements, sampleCatalogStatements } from "../../db/catalog-seed";
import { sampleCatalogRows } from "~/server/market/seed";
import { dbQueryTests } from "./db-queries";
import { migratedLibsqlDatabase } from "./database";

// The db/ query modules on an embedded libSQL file (the same suite runs on D1 in workerd); the
// sample catalog goes in through catalog-seed's hand-written batches.
dbQueryTests(migratedLibsqlDatabase, (db) => runSeedStatements(db, sampleCatalogStatements(sampleCatalogRows())));
