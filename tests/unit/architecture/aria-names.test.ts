/**
 * An aria-label on a role-less <span>, <div> or <p> is not announced and axe refuses it (WCAG
 * 4.1.2). ESLint refuses it in every screen and the kit (eslint.config.js); these cases lint
 * imaginary files with the project's real configuration, so the rule cannot stop firing unseen.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function namingErrors(file: string, jsx: string): Promise<string[]> {
  const code = `export function Probe() {\n  return ${jsx};\n}\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

describe("accessible names", { timeout: 60_000 }, () => {
  it.each([
    ["a screen", "app/features/chat/probe.tsx", '<span aria-label="3 of 9 products">3</span>'],
    ["a screen", "app/features/chat/probe.tsx", '<div className="x" aria-label={`Token ${"x"}`}>x</div>'],
    ["the kit", "app/ui/probe.tsx", '<p aria-label="Loading">…</p>'],
  ])("refuses an aria-label on a role-less element in %s", async (_where, file, jsx) => {
    expect(await namingErrors(file, jsx)).toEqual([expect.stringContaining("needs a role")]);
  });

  it.each([
    ['<div role="group" aria-label="Token scopes">x</div>'],
    ['<span className="sr-only">3 of 9 products</span>'],
    ['<section aria-label="Files">x</section>'],
  ])("accepts %s", async (jsx) => {
    expect(await namingErrors("app/features/chat/probe.tsx", jsx)).toEqual([]);
  });
});
