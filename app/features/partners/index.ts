/** The partners feature's public face. */
export { PartnersScreen } from "./partners-screen";
export { AdminPartnerApplicationsPanel } from "./admin-applications-panel";
