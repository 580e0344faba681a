/** The AI Launcher's public face (/ad-launcher): the screen, and the access sentence other screens may link with. */
export { AdLauncherScreen } from "./launcher-screen";
export { launcherKeys } from "./launcher-keys";
