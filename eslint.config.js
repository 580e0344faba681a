import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** Where each kind of code lives (the first pattern that matches a file names its layer). */
const LAYERS = [
  { type: "domain", pattern: "app/domain" },
  // What route loaders and actions may call on the server. Every module here is named
  // `*.server.ts`, which Remix empties out of the browser build.
  { type: "loader-api", pattern: "app/server/remix" },
  { type: "server", pattern: "app/server" },
  { type: "feature", pattern: "app/features/*", capture: ["feature"] },
  { type: "ui", pattern: "app/ui" },
  { type: "lib", pattern: "app/lib" },
  { type: "routes", pattern: "app/routes" },
  // root.tsx and the two Remix entries.
  { type: "app-root", pattern: "app" },
  { type: "functions", pattern: "functions" },
  { type: "db", pattern: "db" },
  { type: "workers", pattern: "workers" },
  // The Remix server build that workers/app.ts serves.
  { type: "remix-build", pattern: "build/server" },
];
/**
 * The feature folders that may import other feature folders, and which (ADR 016). Every feature
 * may also read `account` (the current user, sign-out, the subscription and plan, the live usage
 * counters), which reads none but `local-data`. No feature imports `shell`: the shell composes
 * the features. The graph is acyclic; tests/unit/architecture/feature-graph.test.ts proves it of
 * this list and of the imports in the code.
 */
export const BASE_FEATURE = "account";
export const FEATURE_EDGES = {
  account: ["local-data"],
  "ad-launcher": ["images"],
  admin: ["affiliate", "feedback", "partners", "support"],
  affiliate: ["legal"],
  billing: ["auth", "legal", "pricing"],
  chat: ["billing", "local-data", "projects"],
  competitors: ["billing"],
  "drop-pages": ["billing", "pages"],
  explorer: ["billing", "competitors"],
  help: ["newsletter"],
  "image-gallery": ["billing", "images", "pages", "projects"],
  "image-maker": ["billing", "images", "pages", "projects"],
  landing: ["auth", "newsletter"],
  "market-reports": ["billing"],
  "page-builder": ["billing", "drop-pages", "pages", "projects"],
  projects: ["billing", "local-data"],
  seo: ["pages"],
  settings: ["auth"],
  shell: ["billing", "local-data"],
  usage: ["billing"],
};
const BROWSER = ["ui", "lib", "domain"];
/** Which layers each layer may import (anything else is refused). */
const MAY_IMPORT = {
  domain: ["domain"],
  db: ["db", "domain"],
  server: ["server", "domain", "db"],
  "loader-api": ["loader-api", "server", "domain", "db"],
  functions: ["functions", "server", "domain", "db"],
  workers: ["workers", "functions", "server", "domain", "db", "remix-build"],
  lib: ["lib", "domain"],
  ui: ["ui", "lib", "domain"],
  feature: BROWSER,
  routes: [...BROWSER, "feature", "loader-api", "app-root"],
  "app-root": [...BROWSER, "feature", "loader-api"],
};
const LAYER_POLICIES = [
  ...Object.entries(MAY_IMPORT).map(([from, to]) => ({
    from: { element: { type: from } },
    allow: { to: to.map((type) => ({ element: { type } })) },
  })),
  // A feature imports its own files, the account, and the features FEATURE_EDGES lists for it.
  {
    from: { element: { type: "feature" } },
    allow: { to: { element: { type: "feature", captured: { feature: ["{{ from.captured.feature }}", BASE_FEATURE] } } } },
  },
  ...Object.entries(FEATURE_EDGES).map(([from, to]) => ({
    from: { element: { type: "feature", captured: { feature: from } } },
    allow: { to: { element: { type: "feature", captured: { feature: to } } } },
  })),
  {
    from: { element: { type: "feature" } },
    disallow: { to: { element: { type: "feature", captured: { feature: "shell" } } } },
    message: "No feature imports the shell: the shell composes the features (ADR 016). Pass what the shell owns in as a prop.",
  },
  // Features may read the type of the root loader's data, never its code.
  { from: { element: { type: "feature" } }, allow: { to: { element: { type: "app-root" } }, dependency: { kind: "type" } } },
  // Last, so it wins: from outside a feature, only its index may be imported.
  {
    disallow: { to: { element: { type: "feature", fileInternalPath: "!{index,light}.ts" } } },
    message: "Import a feature through its index (~/features/<name>) or its light face (~/features/<name>/light), not its files.",
  },
];

/**
 * An aria-label on a <span>, <div> or <p> without a role is not announced, and axe refuses it
 * (aria-prohibited-attr, WCAG 4.1.2): give it a role, or say it in hidden text (sr-only).
 */
const NAMED_WITHOUT_ROLE = {
  selector:
    "JSXOpeningElement[name.name=/^(span|div|p)$/]:has(JSXAttribute[name.name='aria-label']):not(:has(JSXAttribute[name.name='role'])):not(:has(JSXSpreadAttribute))",
  message: "An aria-label on a <span>, <div> or <p> needs a role (group, region, status, img), or hidden text (sr-only) instead.",
};

export default tseslint.config(
  { ignores: ["build/**", "public/build/**", "**/.wrangler/**", "node_modules/**", "workers/worker-configuration.d.ts", "reports/**", "db/migrations/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-empty-object-type": "off",
    },
  },
  // The layers of ADR 008 ("where a feature goes"). Browser code never reaches server code,
  // db/ and the domain stay at the bottom, and features talk to each other through their index.
  {
    files: ["app/**/*.{ts,tsx}", "functions/**/*.ts", "db/**/*.ts", "workers/**/*.ts"],
    plugins: { boundaries },
    settings: {
      "import/resolver": { typescript: { alwaysTryTypes: true, project: "./tsconfig.json" } },
      "boundaries/elements": LAYERS,
    },
    rules: {
      "boundaries/dependencies": ["error", { default: "disallow", policies: LAYER_POLICIES }],
      "boundaries/no-unknown-dependencies": "error",
    },
  },
  // The contracts are zod schemas: browser code takes their types only, so zod (and every
  // schema) stays out of the pages' JavaScript. The zod-free stream reader is the exception.
  {
    files: ["app/features/**/*.{ts,tsx}", "app/ui/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}", "app/root.tsx", "app/entry.client.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/domain/contracts/*", "!~/domain/contracts/chat-events", "zod", "zod/*"],
              allowTypeImports: true,
              message: "Browser code imports contract types only (import type): the contracts would bring zod into every page.",
            },
          ],
        },
      ],
    },
  },
  // Screens use the kit (issue 9): a raw <button> outside app/ui is refused. The toast card stays
  // in app/lib, which may not import the kit.
  {
    files: ["app/**/*.tsx"],
    ignores: ["app/ui/**", "app/lib/toast.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "JSXOpeningElement[name.name='button']",
          message: "Use the kit (~/ui): Button, IconButton, Tile, Chip, Segment or Pressable, not a raw <button>.",
        },
        NAMED_WITHOUT_ROLE,
      ],
    },
  },
  { files: ["app/ui/**/*.tsx", "app/lib/toast.tsx"], rules: { "no-restricted-syntax": ["error", NAMED_WITHOUT_ROLE] } },
  {
    files: ["scripts/**/*.mjs", "tests/**/*.mjs", "*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", setTimeout: "readonly", clearTimeout: "readonly", fetch: "readonly", Buffer: "readonly", crypto: "readonly", localStorage: "readonly" } },
  },
);
