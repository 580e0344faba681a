// Dev aid: node scripts/screenshot.mjs <url> <out.png> [width] [height] [--full]
import { launchChromium } from "../tests/e2e/browser.mjs";

const [url, out, width = "1440", height = "900"] = process.argv.slice(2);
const full = process.argv.includes("--full");
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") console.log(`[console.${m.type()}]`, m.text()); });
page.on("pageerror", (e) => console.log("[pageerror]", e.message));
await page.goto(url, { waitUntil: "networkidle" });
await page.waitForTimeout(600);
await page.screenshot({ path: out, fullPage: full });
await browser.close();
console.log(`saved ${out}`);
