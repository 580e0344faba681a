// `npm run db:seed`: local development data. Idempotent (INSERT OR IGNORE).
// Seeds the two staff accounts (admin role; the spec's hard-coded staff become data) and a
// verified demo merchant (scripts/seed-accounts.mjs).
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { bin, run } from "./lib.mjs";

import { SEED_ACCOUNTS as ACCOUNTS, SEED_PASSWORD } from "./seed-accounts.mjs";

// Same format as app/server/auth/passwords.ts (PBKDF2-SHA256, 100,000 iterations).
function hash(password) {
  const salt = randomBytes(16);
  const key = pbkdf2Sync(password, salt, 100_000, 32, "sha256");
  return `pbkdf2-sha256$100000$${salt.toString("base64")}$${key.toString("base64")}`;
}
const q = (s) => `'${String(s).replace(/'/g, "''")}'`;

const sql = ACCOUNTS.map(
  (a) =>
    `INSERT OR IGNORE INTO users (username, email, email_verified, password_hash, role) VALUES (${q(a.username)}, ${q(a.email)}, 1, ${q(hash(SEED_PASSWORD))}, ${q(a.role)});`,
).join("\n");

const dir = mkdtempSync(path.join(tmpdir(), "dropcraft-seed-"));
const file = path.join(dir, "seed.sql");
writeFileSync(file, sql + "\n");
const extra = process.argv.slice(2).filter((a) => a.startsWith("--persist-to"));
run(bin("wrangler"), ["d1", "execute", "DB", "--local", "--file", file, ...extra], { quiet: true });
rmSync(dir, { recursive: true, force: true });
console.log(
  `Seeded local accounts (password "${SEED_PASSWORD}"): ${ACCOUNTS.map((a) => `${a.username}${a.role === "admin" ? " (admin)" : ""}`).join(", ")}`,
);
