import { env } from "cloudflare:test";
import { databaseFor } from "../../db/client";
import { dbQueryTests } from "../libsql/db-queries";
import { seedSampleCatalog } from "./helpers";

// The db/ query modules on this file's D1 (the same suite runs on libSQL: npm test's libSQL stage).
dbQueryTests(async () => databaseFor(env.DB), seedSampleCatalog);
