/** The settings feature's public face: routes and other features import only what is listed here. */
export { SettingsScreen } from "./settings-screen";
