// Baseline Worker for `npm run bench`: a small static HTML page for `/` and a JSON health route,
// with none of the product's framework, so the bench can express product cost as ratios.
const PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/><title>Baseline</title>
<meta name="description" content="Baseline page for the Dropcraft benchmark."/></head>
<body><main><h1>Baseline</h1><p>A static page served by a minimal Worker.</p></main></body></html>`;

export default {
  async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === "/api/health") {
      return Response.json({ status: "ok" });
    }
    if (pathname === "/") {
      return new Response(PAGE, { headers: { "content-type": "text/html; charset=utf-8" } });
    }
    return new Response("Not found", { status: 404 });
  },
} satisfies ExportedHandler;
