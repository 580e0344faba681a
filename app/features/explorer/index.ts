/** The Explorer's public face: routes and other features import only what is listed here. */
export { ExplorerScreen } from "./explorer-screen";
export { FlowDetailScreen } from "./flow-detail-screen";
export { flowHref } from "./product-links";
