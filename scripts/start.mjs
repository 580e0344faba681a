// `npm start`: build, apply local D1 migrations, seed, then serve the whole product on
// http://127.0.0.1:8787 with the embedded defaults (no keys, no network).
import { bin, buildApp, run, startServer } from "./lib.mjs";

const step = (msg) => console.log(`\n▸ ${msg}`);
step("Building the app");
buildApp();
step("Applying local database migrations");
run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local"], { quiet: true });
step("Seeding local data");
run("node", ["scripts/seed.mjs"]);
const port = process.env.PORT ?? "8787";
step(`Starting Dropcraft on http://127.0.0.1:${port} (set PORT to change it)`);
const child = startServer(port);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
