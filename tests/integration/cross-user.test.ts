import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, call, seedSampleCatalog, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

// Competitor tracking of a sample store needs the sample catalog.
beforeAll(() => seedSampleCatalog(), 120_000);

/**
 * Every route that takes an id, tried with a second user's credentials: the answer is 404 and
 * nothing of the first user's changes. Later features add their routes to ROUTES.
 */
type Owner = Awaited<ReturnType<typeof verifiedUser>>;

/** One of the owner's photos (a real PNG drawn by the rendering Worker), uploaded through the API. */
async function ownersPhoto(owner: Owner): Promise<string> {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><circle cx="150" cy="150" r="100" fill="#2a6f97"/></svg>';
  const png = await (await env.IMAGES.fetch("https://images.internal/render", { method: "POST", body: svg })).arrayBuffer();
  const form = new FormData();
  form.append("file", new File([png], "owner.png"));
  const res = await WORKER.fetch(`${BASE}/api/uploads/images`, { method: "POST", headers: { authorization: `Bearer ${owner.token}` }, body: form });
  return ((await res.json()) as { data: { id: string } }).data.id;
}
/** Still the owner's, and still not public (an intruder's publish did nothing). */
async function photoStillThere(owner: Owner, id: string): Promise<boolean> {
  const media = await WORKER.fetch(`${BASE}/media/${id}.png`);
  await media.arrayBuffer();
  return (await call(`/api/images/${id}`, { token: owner.token })).status === 200 && media.status === 404;
}
const ROUTES: { name: string; idOf: (owner: Owner) => Promise<string>; request: (id: string) => { path: string; method: string; body?: unknown }; stillThere: (owner: Owner, id: string) => Promise<boolean> }[] = [
  {
    name: "DELETE /api/account/sessions/{id}",
    idOf: async (owner) => (await call("/api/account/sessions", { token: owner.token })).json.data[0].id,
    request: (id) => ({ path: `/api/account/sessions/${id}`, method: "DELETE" }),
    stillThere: async (owner, id) =>
      (await call("/api/account/sessions", { token: owner.token })).json.data.some((s: { id: string }) => s.id === id),
  },
  ...(["GET", "PATCH", "DELETE"] as const).map((method) => ({
    name: `${method} /api/chats/{id}`,
    idOf: async (owner: Owner) => (await call("/api/chats", { method: "POST", token: owner.token, body: {} })).json.chat.id as string,
    request: (id: string) => ({ path: `/api/chats/${id}`, method, ...(method === "PATCH" ? { body: { title: "Taken over" } } : {}) }),
    stillThere: async (owner: Owner, id: string) => {
      const res = await call(`/api/chats/${id}`, { token: owner.token });
      return res.status === 200 && res.json.chat.title === "New Chat";
    },
  })),
  // An imported catalog product is its importer's alone.
  ...(["GET /api/catalog/products/{id}", "POST /api/catalog/products/{id}/saves"] as const).map((name) => ({
    name,
    idOf: async (owner: Owner) =>
      (await call("/api/catalog/imports", { method: "POST", token: owner.token, body: { format: "json", content: JSON.stringify([{ name: "Owner-only lamp", price: 20 }]) } })).json.acceptedRows[0]
        .productId as string,
    request: (id: string) =>
      name.startsWith("GET") ? { path: `/api/catalog/products/${id}`, method: "GET" } : { path: `/api/catalog/products/${id}/saves`, method: "POST", body: { list: "Stolen" } },
    stillThere: async (owner: Owner, id: string) => (await call(`/api/catalog/products/${id}`, { token: owner.token })).json.name === "Owner-only lamp",
  })),
  ...(["GET", "DELETE"] as const).map((method) => ({
    name: `${method} /api/competitors/{id}`,
    idOf: async (owner: Owner) => (await call("/api/competitors", { method: "POST", token: owner.token, body: { sampleStoreId: "S-003" } })).json.id as string,
    request: (id: string) => ({ path: `/api/competitors/${id}`, method }),
    stillThere: async (owner: Owner, id: string) => (await call(`/api/competitors/${id}`, { token: owner.token })).status === 200,
  })),
  // Store pages: every page route, tried on the owner's page (the page check comes before any plan check).
  ...(
    [
      ["GET", "", undefined],
      ["PATCH", "", { buyUrl: "https://intruder.example/buy" }],
      ["DELETE", "", undefined],
      ["POST", "/generate", {}],
      ["POST", "/publish", undefined],
      ["POST", "/unpublish", undefined],
      ["POST", "/duplicate", undefined],
      ["GET", "/versions", undefined],
      ["POST", "/preview-link", undefined],
      ["GET", "/export/shopify-csv", undefined],
      ["GET", "/export/html", undefined],
      ["POST", "/export/shopify", {}],
      ["GET", "/export/shopify", undefined],
    ] as const
  ).map(([method, suffix, body]) => ({
    name: `${method} /api/pages/{id}${suffix}`,
    idOf: async (owner: Owner) => (await call("/api/pages", { method: "POST", token: owner.token, body: { product: { title: "Owner-only candle", priceCents: 1200 } } })).json.data.page.id as string,
    request: (id: string) => ({ path: `/api/pages/${id}${suffix}`, method, body }),
    stillThere: async (owner: Owner, id: string) => {
      const res = await call(`/api/pages/${id}`, { token: owner.token });
      return res.status === 200 && res.json.data.buyUrl === null && res.json.data.status === "draft" && res.json.data.revision === 1;
    },
  })),
  {
    name: "POST /api/pages/{id}/versions/{versionId}/restore",
    idOf: async (owner: Owner) => {
      const page = (await call("/api/pages", { method: "POST", token: owner.token, body: { product: { title: "Owner-only candle" } } })).json.data.page;
      const versions = (await call(`/api/pages/${page.id}/versions`, { token: owner.token })).json.data.versions;
      return `${page.id}/versions/${versions[0].id}`;
    },
    request: (id: string) => ({ path: `/api/pages/${id}/restore`, method: "POST" }),
    stillThere: async (owner: Owner, id: string) => (await call(`/api/pages/${id.split("/")[0]}`, { token: owner.token })).json.data?.revision === 1,
  },
  {
    name: "POST /api/seo/audits/{pageId}/fixes",
    idOf: async (owner: Owner) => (await call("/api/pages", { method: "POST", token: owner.token, body: { product: { title: "Owner-only candle" } } })).json.data.page.id as string,
    request: (id: string) => ({ path: `/api/seo/audits/${id}/fixes`, method: "POST", body: {} }),
    stillThere: async (owner: Owner, id: string) => (await call(`/api/pages/${id}`, { token: owner.token })).json.data?.revision === 1,
  },
  // Images: every route that takes an image id, in the path or in the body.
  ...(
    [
      ["GET", "", undefined],
      ["DELETE", "", undefined],
      ["GET", "/thumbnail", undefined],
      ["GET", "/file", undefined],
      ["GET", "/download", undefined],
      ["POST", "/variations", { count: 1 }],
      ["POST", "/upscale", { scale: 2 }],
      ["POST", "/publish", undefined],
    ] as const
  ).map(([method, suffix, body]) => ({
    name: `${method} /api/images/{id}${suffix}`,
    idOf: ownersPhoto,
    request: (id: string) => ({ path: `/api/images/${id}${suffix}`, method, body }),
    stillThere: photoStillThere,
  })),
  {
    name: "POST /api/images/download-zip {ids}",
    idOf: ownersPhoto,
    request: (id: string) => ({ path: "/api/images/download-zip", method: "POST", body: { ids: [id] } }),
    stillThere: photoStillThere,
  },
  {
    name: "POST /api/images/preview {design.photoImageId}",
    idOf: ownersPhoto,
    request: (id: string) => ({
      path: "/api/images/preview",
      method: "POST",
      body: { presetId: "instagram-post", design: { template: "studio", headline: "Taken", palette: { background: "#ffffff", surface: "#ffffff", text: "#000000", accent: "#ff0000" }, font: "system", photoImageId: id } },
    }),
    stillThere: photoStillThere,
  },
];

describe("cross-user access", () => {
  it.each(ROUTES.map((r) => [r.name, r]))("%s answers 404 to another user", async (_name, route) => {
    const owner = await verifiedUser();
    const intruder = await verifiedUser();
    const id = await route.idOf(owner);
    const { path, method, body } = route.request(id);
    const res = await call(path, { method, body, token: intruder.token });
    expect(res.status).toBe(404);
    expect(res.json.type).toBe("NOT_FOUND");
    expect(await route.stillThere(owner, id)).toBe(true);
  });
});

/** A user staff granted the AI Launcher, on a plan with launches, with the offline dev ad account connected. */
async function launcherUser(): Promise<Owner> {
  const u = await verifiedUser();
  await env.DB.prepare("UPDATE users SET launcher_access = 1 WHERE id = ?").bind(u.user.id).run();
  await env.DB.prepare("INSERT INTO subscriptions (user_id, plan, status) VALUES (?, 'automation', 'active')").bind(u.user.id).run();
  expect((await call("/api/ad-launcher/account", { method: "POST", token: u.token, body: { dev: true } })).status).toBe(201);
  return u;
}

/** The owner's launch, made paused on the dev ad account through the API. */
async function ownersLaunch(owner: Owner): Promise<string> {
  const imageId = crypto.randomUUID();
  const key = `images/${owner.user.id}/${imageId}.png`;
  await env.FILES.put(key, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
  await env.DB.prepare(
    "INSERT INTO images (id, user_id, kind, file_name, mime_type, width, height, bytes, provider, r2_key, thumb_key) VALUES (?, ?, 'visual', 'square.png', 'image/png', 1080, 1080, 7, 'compositor', ?, ?)",
  )
    .bind(imageId, owner.user.id, key, key)
    .run();
  const page = (await call("/api/pages", { method: "POST", token: owner.token, body: { product: { title: "Owner's mug", description: "Mine.", images: [], priceCents: 1800 } } })).json.data.page;
  const res = await call("/api/ad-launcher/launches", {
    method: "POST",
    token: owner.token,
    body: {
      name: "Owner's launch",
      productRef: `page:${page.id}`,
      destinationUrl: `${env.FAKE_SHOPIFY.web}/pages/opengraph-only`,
      creatives: [{ placement: "feed", imageId }],
      copy: [{ primaryText: "Mine", headline: "Mine", description: "Mine" }],
      callToAction: "SHOP_NOW",
      audience: { countries: ["US"], ageMin: 18, ageMax: 65, gender: "all", advantageAudience: true },
      dailyBudgetCents: 1000,
    },
  });
  expect(res.json.data?.state, res.text).toBe("paused");
  return res.json.data.id as string;
}

const LAUNCHER_ROUTES: [string, (id: string) => { path: string; method: string; body?: unknown }][] = [
  ["GET /api/ad-launcher/launches/{id}", (id) => ({ path: `/api/ad-launcher/launches/${id}`, method: "GET" })],
  ["POST /api/ad-launcher/launches/{id}/retry", (id) => ({ path: `/api/ad-launcher/launches/${id}/retry`, method: "POST" })],
  ["POST /api/ad-launcher/launches/{id}/status", (id) => ({ path: `/api/ad-launcher/launches/${id}/status`, method: "POST", body: { status: "active" } })],
  ["POST /api/ad-launcher/launches/{id}/status (bad body)", (id) => ({ path: `/api/ad-launcher/launches/${id}/status`, method: "POST", body: { status: "sideways" } })],
  ["DELETE /api/ad-launcher/launches/{id}", (id) => ({ path: `/api/ad-launcher/launches/${id}`, method: "DELETE" })],
  ["POST /api/ad-launcher/launches/{id}/insights", (id) => ({ path: `/api/ad-launcher/launches/${id}/insights`, method: "POST" })],
];

describe("cross-user access: the AI Launcher (both users have it)", () => {
  it.each(LAUNCHER_ROUTES)("%s answers 404 to another user and changes nothing", async (_name, request) => {
    const owner = await launcherUser();
    const intruder = await launcherUser();
    const id = await ownersLaunch(owner);
    const { path, method, body } = request(id);
    const res = await call(path, { method, body, token: intruder.token });
    expect(res.status).toBe(404);
    expect(res.json.type).toBe("NOT_FOUND");
    const mine = await call(`/api/ad-launcher/launches/${id}`, { token: owner.token });
    expect(mine.json.data).toMatchObject({ state: "paused", insights: null });
    expect((await call("/api/ad-launcher/launches", { token: intruder.token })).json.data).toEqual([]);
  });
});
