/**
 * Packages both the Remix server build and workers/app.ts reach. Only packages the build reaches
 * by `import`: one a bundled CommonJS module `require`s would stay a dynamic require, which an ES
 * module Worker cannot run (@remix-run/router, required by react-router-dom/server, stays in).
 */
const SHARED_WITH_THE_WORKER = ["zod", "drizzle-orm", "jose", "@remix-run/cloudflare", "@remix-run/server-runtime"];

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverBuildPath: "build/server/index.js",
  serverPlatform: "neutral",
  serverModuleFormat: "esm",
  serverConditions: ["workerd", "worker", "browser"],
  serverMainFields: ["browser", "module", "main"],
  // Every dependency is bundled into the server build except those the Worker's own code (the API,
  // the Durable Objects) imports too: wrangler bundles those once for both (issue 29: zod, drizzle,
  // jose and Remix's runtime were in the upload twice).
  serverDependenciesToBundle: [new RegExp(`^(?!(${SHARED_WITH_THE_WORKER.join("|")})(/|$))`)],
  serverMinify: false,
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  postcss: true,
  tailwind: false,
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
