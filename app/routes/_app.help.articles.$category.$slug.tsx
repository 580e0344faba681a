import type { MetaFunction } from "@remix-run/cloudflare";
import { useParams } from "@remix-run/react";
import { helpCategory } from "~/domain/help";
import { HelpArticleScreen } from "~/features/help";

// The article's own title is set by the screen once it loads (articles live on the server).
export const meta: MetaFunction = ({ params }) => {
  const category = helpCategory(params.category ?? "");
  return [{ title: category ? `${category.title} — Help Center — Dropcraft` : "Help Center — Dropcraft" }];
};

export default function Screen() {
  const { category = "", slug = "" } = useParams();
  return <HelpArticleScreen key={`${category}/${slug}`} category={category} slug={slug} />;
}
