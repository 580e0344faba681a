/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverBuildPath: "build/server/index.js",
  serverPlatform: "neutral",
  serverModuleFormat: "esm",
  serverConditions: ["workerd", "worker", "browser"],
  serverMainFields: ["browser", "module", "main"],
  serverDependenciesToBundle: "all",
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
