/** The tutorials' public face: the /tutorials screen. */
export { TutorialsScreen } from "./tutorials-screen";
