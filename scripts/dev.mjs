// `npm run dev`: rebuild on change (remix watch) and serve with wrangler, which reloads the
// Worker whenever the server build changes.
import { bin, buildApp, run, startBackground, startServer } from "./lib.mjs";

buildApp();
run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local"], { quiet: true });
const children = [
  startBackground(bin("remix"), ["watch"]),
  startServer(process.env.PORT ?? "8787"),
];
const stop = (sig) => children.forEach((c) => c.kill(sig));
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => stop(sig));
children.forEach((c) => c.on("exit", (code) => { stop("SIGTERM"); process.exit(code ?? 0); }));
