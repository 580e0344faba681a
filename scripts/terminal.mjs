// What `npm start` and `npm run dev` print: wrangler's output turned into lines a newcomer can use.
// wrangler runs at WRANGLER_LOG=log so the Worker's JSON log lines reach us; we keep warnings,
// errors and emailed links, replace "Ready on" with a banner, and drop per-request chatter.
import { SEED_ACCOUNTS, SEED_PASSWORD } from "./seed-accounts.mjs";

/** The block printed once the server answers. */
export function readyBanner(url) {
  const accounts = SEED_ACCOUNTS.map((a) => `${a.username}${a.role === "admin" ? " (staff)" : ""}`).join(", ");
  return [
    "",
    `✔ Dropcraft is ready: ${url}`,
    `  Emails (verification, password reset): ${url}/dev/outbox, and their links print here`,
    `  Seeded accounts: ${accounts}; password "${SEED_PASSWORD}"`,
    `  Run the catalog refresh (cron, every 3 hours) now: ${url}/__scheduled?cron=0+*/3+*+*+*`,
    "  Stop with Ctrl+C",
    "",
  ].join("\n");
}

// Colour codes wrangler adds (ESC [ … m), built from the code so no control character sits in a literal.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/**
 * One line of wrangler's output in, the line to print out (or null to drop it).
 * `verbose` keeps everything (DROPCRAFT_VERBOSE=1).
 */
export function formatServerLine(raw, { verbose = false } = {}) {
  const line = raw.replace(ANSI, "");
  const ready = line.match(/Ready on (https?:\/\/\S+)/);
  if (ready) return readyBanner(ready[1].replace(/\/$/, ""));
  const json = line.indexOf("{");
  if (json >= 0 && line.trimEnd().endsWith("}")) {
    let entry;
    try {
      entry = JSON.parse(line.slice(json));
    } catch {
      entry = undefined;
    }
    if (entry && typeof entry.msg === "string") {
      if (entry.msg === "email queued in local outbox") {
        return `✉  Email to ${entry.to} — ${entry.subject}${entry.link ? `\n   ${entry.link}` : ""}`;
      }
      if (entry.level === "error" || entry.level === "warn") return line;
      return verbose ? line : null;
    }
  }
  if (verbose) return line;
  // Per-request lines and wrangler's own info chatter.
  if (/^\[wrangler:(info|log|debug)\]/.test(line.trim())) return null;
  if (!line.trim()) return null;
  return line;
}

/** Pipes a child's output through formatServerLine, line by line. */
export function pipeServerOutput(stream, out, options) {
  let buffered = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    buffered += chunk;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const l of lines) {
      const shown = formatServerLine(l, options);
      if (shown !== null) out.write(shown + "\n");
    }
  });
}
