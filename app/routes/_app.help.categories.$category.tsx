import type { MetaFunction } from "@remix-run/cloudflare";
import { useParams } from "@remix-run/react";
import { helpCategory } from "~/domain/help";
import { HelpCategoryScreen } from "~/features/help";

export const meta: MetaFunction = ({ params }) => {
  const category = helpCategory(params.category ?? "");
  return [
    { title: category ? `${category.title} — Help Center — Dropcraft` : "Help category not found — Dropcraft" },
    ...(category ? [{ name: "description", content: category.description }] : []),
  ];
};

export default function Screen() {
  const { category = "" } = useParams();
  return <HelpCategoryScreen key={category} category={category} />;
}
