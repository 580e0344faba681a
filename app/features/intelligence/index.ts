/** The intelligence feature's public face: routes import only what is listed here. */
export { IntelligenceDashboard } from "./dashboard-screen";
export { VisualIntelligenceScreen } from "./visual-screen";
