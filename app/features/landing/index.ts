/** The landing feature's public face: routes and other features import only what is listed here. */
export { LandingErrorBoundary, LandingFallback, LandingPlaceholder } from "./fallback";
export { LandingPage } from "./landing-page";
