/** Support's public face: the /support screen and the staff inbox panel for /admin. */
export { SupportScreen } from "./support-screen";
export { AdminTicketsPanel } from "./admin-tickets-panel";
