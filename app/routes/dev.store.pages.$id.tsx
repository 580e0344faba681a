import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { loadDevStorePage } from "~/server/remix/dev-store.server";
import { Badge, Button } from "~/ui";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.page.title ?? "Page"} — Dev store — Dropcraft` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params, context }: LoaderFunctionArgs) {
  return loadDevStorePage(context, params.id);
}

export default function DevStorePage() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <article className="space-y-6 rounded-2xl border border-line bg-surface p-4 sm:p-6" data-testid="dev-store-page">
      <Link to="/dev/store" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> All products and pages
      </Link>
      <header className="space-y-2">
        <h2 className="text-xl font-bold tracking-tight text-fg">{page.title}</h2>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-[13px] text-muted">
          <Badge tone={page.isPublished ? "success" : "neutral"}>{page.isPublished ? "visible" : "hidden"}</Badge>
          <span className="break-all font-mono">{`/pages/${page.handle}`}</span>
          <span className="break-all font-mono text-subtle">{page.id}</span>
        </p>
      </header>
      {/* sandbox="": no scripts, no forms, an opaque origin, whatever the HTML holds. */}
      <iframe
        title={`Content of “${page.title}”`}
        sandbox=""
        srcDoc={page.body}
        className="block h-[520px] w-full rounded-xl border border-line bg-white"
        data-testid="dev-store-page-body"
      />
      <Form method="post" action="/dev/store?index" className="border-t border-line pt-4">
        <input type="hidden" name="kind" value="page" />
        <input type="hidden" name="id" value={page.numericId} />
        <Button type="submit" variant="outline-danger">
          {`Delete this page (frees /pages/${page.handle})`}
        </Button>
      </Form>
    </article>
  );
}
