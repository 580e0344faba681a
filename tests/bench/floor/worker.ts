// "A Worker that does nothing" for `npm run bench`'s droppage section (lib/droppage.mjs): one
// constant 20 KB HTML body, the size of a drop page, built once per isolate. Served by the same
// pinned wrangler dev as the product, with the product's [assets] directory, so its ratio to the
// static file is the floor the platform sets under wrangler dev before any of our code runs.
const BODY = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title></head><body><p>${"A Worker that does nothing. ".repeat(
  740,
)}</p></body></html>`;

export default {
  fetch: () => new Response(BODY, { headers: { "content-type": "text/html; charset=utf-8" } }),
} satisfies ExportedHandler;
