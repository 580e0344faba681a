// The local accounts `npm run db:seed` creates. Local only: the password is public and must
// never reach a deployed database.
export const SEED_PASSWORD = "dropcraft-local-dev";
export const SEED_ACCOUNTS = [
  { username: "admin", email: "admin@dropcraft.ai", role: "admin" },
  { username: "ops", email: "ops@dropcraft.ai", role: "admin" },
  { username: "demo", email: "demo@dropcraft.ai", role: "user", launcherAccess: true },
];
