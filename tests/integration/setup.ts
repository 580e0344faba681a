import { applyD1Migrations, env } from "cloudflare:test";
import "../unit/setup";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
