/** The page builder's public face: the screen at /ai-page-builder. */
export { PageBuilderScreen } from "./builder-screen";
