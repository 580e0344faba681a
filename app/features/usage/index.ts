/** The usage feature's public face: routes and other features import only what is listed here. */
export { UsageScreen } from "./usage-screen";
