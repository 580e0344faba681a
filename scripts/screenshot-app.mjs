// Dev aid: screenshots of the signed-in screens (and the verification gate) at 1440 and 375 px,
// against a fresh wrangler dev of the current build. Usage: npm run build && node scripts/screenshot-app.mjs [outDir]
import { mkdirSync } from "node:fs";
import { launchChromium } from "../tests/e2e/browser.mjs";
import { startWorker } from "../tests/e2e/server.mjs";
const outDir = process.argv[2] ?? "reports/screenshots";
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
  return { context, token };
}
const screens = ["/app", "/chat", "/mobile", "/history", "/settings", "/usage", "/upgrade", "/projects", "/ai-explore", "/admin", "/help"];
for (const [w, h] of [[1440, 900], [375, 812]]) {
  const { context, token } = await userContext(true, w, h);
  await context.request.post(`${base}/api/chats/${crypto.randomUUID()}/messages`, { data: { content: "What are the best pet products to sell?" }, headers: { authorization: `Bearer ${token}` } });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.log("[pageerror]", e.message));
  for (const path of screens) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${outDir}/${w}${path.replace(/\//g, "_")}.png` });
  }
  await context.close();
  const gate = await userContext(false, w, h, `fulfilment.operations.${Date.now()}@northwind-homewares-international.example`);
  const gp = await gate.context.newPage();
  await gp.goto(base + "/app", { waitUntil: "networkidle" });
  await gp.waitForTimeout(500);
  await gp.screenshot({ path: `${outDir}/${w}_gate.png` });
  await gate.context.close();
}
await browser.close();
await server.stop();
console.log(`saved to ${outDir}`);
