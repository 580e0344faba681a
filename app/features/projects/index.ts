/** The projects feature's public face: routes and other features import only what is listed here. */
export { ProjectScreen } from "./project-screen";
export { ProjectsScreen } from "./projects-screen";
