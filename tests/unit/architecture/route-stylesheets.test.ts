import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The landing page loads its own stylesheet (app/landing.css) and every other screen the app's
// (app/tailwind.css), through route links (app/lib/stylesheets.ts): the root links neither.
// A new top-level route that forgot its link would render unstyled, so each one is checked here.

const ROUTES = path.resolve(__dirname, "../../../app/routes");
const LANDING_ROUTES = new Set(["_index", "landing"]);
const files = readdirSync(ROUTES).filter((f) => f.endsWith(".tsx"));
const ids = new Set(files.map((f) => f.replace(/\.tsx$/, "")));

/** A flat-routes file nested under another route file inherits that route's links. */
const parentOf = (id: string) => {
  const parts = id.split(".");
  for (let i = parts.length - 1; i > 0; i--) {
    const candidate = parts.slice(0, i).join(".");
    if (ids.has(candidate)) return candidate;
  }
  return null;
};

const linksOf = (source: string) => /export \{ (\w+) as links \} from "~\/stylesheets";/.exec(source)?.[1] ?? null;

describe("route stylesheets", () => {
  const topLevelScreens = files
    .map((f) => ({ id: f.replace(/\.tsx$/, ""), source: readFileSync(path.join(ROUTES, f), "utf8") }))
    .filter(({ id, source }) => parentOf(id) === null && (/export default|export \{ default/.test(source)));

  it("finds the screens it checks", () => {
    expect(topLevelScreens.map((r) => r.id)).toEqual(expect.arrayContaining(["_app", "_index", "landing", "login", "pricing", "$"]));
  });

  // Resource routes (no screen, e.g. the dev ad image) need none.
  it.each(topLevelScreens.map((r) => [r.id, r.source]))("%s links the stylesheet its screen needs", (id, source) => {
    expect(linksOf(source)).toBe(LANDING_ROUTES.has(id) ? "landingStylesheetLinks" : "appStylesheetLinks");
  });

  it("the root links no stylesheet of its own, so the landing page never downloads the app's", () => {
    const root = readFileSync(path.resolve(ROUTES, "../root.tsx"), "utf8");
    expect(root).not.toMatch(/rel: "stylesheet"/);
    expect(root).not.toMatch(/from "~\/tailwind\.css"/);
  });
});
