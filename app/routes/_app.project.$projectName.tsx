import type { MetaFunction } from "@remix-run/cloudflare";
import { useParams } from "@remix-run/react";
import { ProjectScreen } from "~/features/projects";
import { protectedLoader } from "~/server/remix/guards.server";

export const loader = protectedLoader;
export const meta: MetaFunction = () => [{ title: "Project — Dropcraft" }];

export default function Screen() {
  const { projectName = "" } = useParams();
  return <ProjectScreen param={projectName} />;
}
