// `npm run build`: the Remix build and the Worker's Env types (scripts/lib.mjs, buildApp).
import { buildApp } from "./lib.mjs";

buildApp();
