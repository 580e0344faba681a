/** The chat feature's public face: routes and other features import only what is listed here. */
export { ChatScreen } from "./chat-screen";
export { HistoryScreen } from "./history/history-screen";
export { MobileEntry } from "./mobile-entry";
