/** The admin feature's public face: the /admin route imports only what is listed here. */
export { AdminScreen } from "./admin-screen";
export type { AdminInbox } from "./inboxes-tab";
