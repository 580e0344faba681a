// `npm run db:seed`: applies db/seed.sql to the local D1 database. Idempotent.
import { existsSync } from "node:fs";
import { bin, run } from "./lib.mjs";

if (existsSync("db/seed.sql")) {
  run(bin("wrangler"), ["d1", "execute", "DB", "--local", "--file", "db/seed.sql"], { quiet: true });
  console.log("Seeded the local database from db/seed.sql");
}
