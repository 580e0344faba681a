// Dev aid: screenshots of every signed-in screen (each `_app.*` route module, and the verification
// gate) at 1440 and 375 px, against a fresh wrangler dev of the current build, plus contact sheets
// (contact-<width>-<n>.png, twelve screens a sheet) to look at them together.
// Usage: npm run build && node scripts/screenshot-app.mjs [outDir] [--projects]
// --projects: only the project screens (/projects empty and with projects, and each tab of a project with files and canon).
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { launchChromium } from "../tests/e2e/browser.mjs";
import { startWorker } from "../tests/e2e/server.mjs";
import { withAndWithoutOptional } from "./route-modules.mjs";
const args = process.argv.slice(2);
const outDir = args.find((a) => !a.startsWith("--")) ?? "reports/screenshots";
const onlyProjects = args.includes("--projects");
mkdirSync(outDir, { recursive: true });
const server = await startWorker({ label: "shots" });
const base = server.baseURL;
const browser = await launchChromium();
async function userContext(verify = true, width = 1440, height = 900, email) {
  const context = await browser.newContext({ viewport: { width, height } });
  const name = `shot${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const mail = email ?? `${name}@store.test`;
  const r = await context.request.post(`${base}/api/auth/signup`, { data: { username: name, email: mail, password: "violet-harbor-lantern-42" }, headers: { "cf-connecting-ip": `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });
  const { token } = await r.json();
  if (verify) {
    const outbox = await (await context.request.get(`${base}/api/dev/outbox?to=${encodeURIComponent(mail)}`)).json();
    const t = new URL(outbox.data[0].link).searchParams.get("token");
    const xsrf = (await context.cookies(base)).find((c) => c.name === "XSRF-TOKEN")?.value ?? "";
    await context.request.post(`${base}/api/auth/verify-email`, { data: { token: t }, headers: { "x-xsrf-token": xsrf } });
  }
  await context.addInitScript((tok) => localStorage.setItem("auth.token", tok), token);
  return { context, token, email: mail };
}
async function shoot(page, path, file) {
  await page.goto(base + path, { waitUntil: "networkidle" });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${outDir}/${file}.png`, fullPage: true });
}
/** A project like a merchant's: instructions, a text file and a PDF, research data, and the canon after the auto-rules. */
async function seedProject(context, token) {
  const headers = { authorization: `Bearer ${token}` };
  const created = await (await context.request.post(`${base}/api/projects`, { headers, data: {
    name: "Cozy Pet Supplies",
    businessInstructions: "Cozy Pet Supplies sells calming beds, slow feeders and grooming kits for cats and small dogs.\nNiche: pet supplies for anxious and indoor pets.\nBrand voice: warm, reassuring and a little playful.\nTarget audience: pet owners aged 28 to 45 in the US and Canada.\nPrice band: $25 to $60 per product.\nShipping promise: free shipping over $40, delivered in 5 to 8 business days.\nCompetitors: Chewy, BarkBox, Petco.",
  } })).json();
  const id = created.data.id;
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pdfPage = doc.addPage([595, 842]);
  ["Supplier price list - spring", "Calming donut bed, medium: unit cost $14.20, MOQ 50", "Slow feeder bowl: unit cost $3.10, MOQ 200", "Lead time: 12 days to the US warehouse"].forEach((line, i) => pdfPage.drawText(line, { x: 50, y: 780 - i * 18, size: 12, font }));
  const pdf = Buffer.from(await doc.save());
  const files = [
    { name: "return-policy.md", mimeType: "text/markdown", buffer: Buffer.from("# Returns\n\n30-day happy-pet returns. Beds must be unwashed.\n\n# Shipping\n\nFree over $40; 5 to 8 business days.") },
    { name: "supplier-prices.pdf", mimeType: "application/pdf", buffer: pdf },
    { name: "top-sellers.csv", mimeType: "text/csv", buffer: Buffer.from("product,price,orders\nCalming donut bed,39,1200\nSlow feeder bowl,18,860\nLick mat,12,640\n") },
  ];
  for (const file of files) await context.request.post(`${base}/api/projects/${id}/files`, { headers, multipart: { file } });
  await context.request.patch(`${base}/api/projects/${id}/research-data`, { headers, data: { researchData: { niche: "pet supplies", topProducts: [{ name: "Calming donut bed", price: 39, monthlyOrders: 1200 }], competitors: ["Chewy", "BarkBox"] } } });
  await context.request.post(`${base}/api/projects/${id}/canon/autorule`, { headers });
  await context.request.put(`${base}/api/projects/${id}/canon`, { headers, data: { canon: { "brand.tagline": "Calm pets, happy homes" }, source: "user" } });
  await context.request.post(`${base}/api/chats`, { headers, data: { projectId: id, title: "Spring bundle ideas" } });
  await context.request.post(`${base}/api/projects`, { headers, data: { name: "Harbor Candle Co", businessInstructions: "Hand-poured soy candles from Maine. Brand voice: calm and unhurried." } });
  return id;
}
if (onlyProjects) {
  for (const [w, h] of [[1440, 900], [375, 812]]) {
    const { context, token } = await userContext(true, w, h);
    const page = await context.newPage();
    page.on("pageerror", (e) => console.log("[pageerror]", e.message));
    await shoot(page, "/projects", `${w}_projects-empty`);
    const id = await seedProject(context, token);
    await shoot(page, "/projects", `${w}_projects`);
    for (const tab of ["chats", "instructions", "knowledge", "research", "canon"]) await shoot(page, `/project/${id}?tab=${tab}`, `${w}_project-${tab}`);
    await context.close();
  }
  await browser.close();
  await server.stop();
  console.log(`saved to ${outDir}`);
  process.exit(0);
}
/** A concrete path for each signed-in route module: the ones with parameters get a real sample. */
const SAMPLE_PARAMS = { $id: "unknown-id", $step: "product", $category: "getting-started", $slug: "create-your-account", $flowId: "demo" };
function signedInPaths(chatId, projectId) {
  const params = { ...SAMPLE_PARAMS, $projectName: projectId };
  return readdirSync("app/routes")
    .filter((f) => f.startsWith("_app.") && f.endsWith(".tsx"))
    .map((f) => f.slice("_app.".length, -".tsx".length))
    .flatMap(withAndWithoutOptional)
    .map((name) => name === "chat.$id" ? `/chat/${chatId}` : "/" + name.split(".").filter((part) => part !== "_index").map((part) => params[part] ?? part).join("/"))
    .sort();
}
/** Twelve screenshots a sheet, labelled, so a whole width can be looked at in a few images. */
async function contactSheets(width, files) {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  for (let i = 0; i < files.length; i += 12) {
    const cells = files.slice(i, i + 12).map((f) => `<figure><img src="data:image/png;base64,${readFileSync(`${outDir}/${f}`).toString("base64")}"><figcaption>${f}</figcaption></figure>`).join("");
    await page.setContent(`<style>body{margin:8px;font:12px sans-serif;background:#ddd}main{display:grid;grid-template-columns:repeat(${width > 1000 ? 3 : 6},1fr);gap:8px}figure{margin:0;background:#fff}img{width:100%;display:block}figcaption{padding:2px 4px}</style><main>${cells}</main>`);
    await page.screenshot({ path: `${outDir}/contact-${width}-${i / 12 + 1}.png`, fullPage: true });
  }
  await page.close();
}
for (const [w, h] of [[1440, 900], [375, 812]]) {
  const { context, token, email } = await userContext(true, w, h);
  const headers = { authorization: `Bearer ${token}` };
  const chatId = crypto.randomUUID();
  await context.request.post(`${base}/api/chats/${chatId}/messages`, { data: { content: "What are the best pet products to sell?" }, headers });
  // Staff, so /admin shows the admin area rather than its no-access screen.
  await context.request.post(`${base}/api/dev/make-admin`, { data: { email }, headers });
  const projectId = await seedProject(context, token);
  const page = await context.newPage();
  page.on("pageerror", (e) => console.log("[pageerror]", e.message));
  const files = [];
  for (const path of signedInPaths(chatId, projectId)) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    await page.waitForTimeout(500);
    const file = `${w}${path.replace(/\//g, "_")}.png`;
    await page.screenshot({ path: `${outDir}/${file}` });
    files.push(file);
  }
  await context.close();
  const gate = await userContext(false, w, h, `fulfilment.operations.${Date.now()}@northwind-homewares-international.example`);
  const gp = await gate.context.newPage();
  await gp.goto(base + "/app", { waitUntil: "networkidle" });
  await gp.waitForTimeout(500);
  await gp.screenshot({ path: `${outDir}/${w}_gate.png` });
  files.push(`${w}_gate.png`);
  await gate.context.close();
  await contactSheets(w, files);
}
await browser.close();
await server.stop();
console.log(`saved to ${outDir}`);
