// `npm run typecheck`: wrangler's generated Env types, then tsc. The Worker imports the Remix
// server build, so a fresh clone builds once first.
import { existsSync } from "node:fs";
import { bin, generateWorkerTypes, run } from "./lib.mjs";

if (!existsSync("build/server/index.js")) run(bin("remix"), ["build"], { quiet: true });
generateWorkerTypes();
run(bin("tsc"), ["-p", "tsconfig.json"]);
