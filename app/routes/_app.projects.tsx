import type { MetaFunction } from "@remix-run/cloudflare";
import { ProjectsScreen } from "~/features/projects";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [
  { title: "Projects: Enhanced Chat & Projects — Dropcraft" },
  { name: "description", content: "Your store's instructions, files and facts in one place, used by every chat in the project." },
];

export default function Screen() {
  return <ProjectsScreen />;
}
