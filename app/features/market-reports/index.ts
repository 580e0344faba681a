/** The market reports feature's public face: routes and other features import only what is listed here. */
export { MarketAnalysisScreen } from "./market-analysis-screen";
export { REPORT_SECTIONS } from "./report-logic";
