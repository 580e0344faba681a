/** The SEO feature's public face: routes and other features import only what is listed here. */
export { ScoreRing, SeoScreen } from "./seo-screen";
export { scoreBand } from "./seo-logic";
