/** The projects feature's public face: routes and other features import only what is listed here. */
export { ProjectScreen } from "./project-screen";
export { ProjectsScreen } from "./projects-screen";
// The page builder lets a page take its brand facts from a project: the list and its cache key.
export { fetchProjects } from "./projects-client";
export { projectKeys } from "./project-keys";
// The chat's side panel and header show a project's name, a cited file and a canon entry under these same keys.
export { useCanon, useFileDetail, useProject } from "./use-projects";
