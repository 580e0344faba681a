/** The settings feature's public face: routes and other features import only what is listed here. */
export { EmailChangeForm } from "./email-change-form";
export { relativeTime } from "./format";
export { SettingsScreen } from "./settings-screen";
