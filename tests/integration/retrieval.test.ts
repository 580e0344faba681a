/// <reference types="vite/client" />
/**
 * Knowledge-base retrieval: a merchant's files (tests/fixtures/knowledge-base/) uploaded to a
 * project, 30 questions asked through GET /api/projects/{id}/passages?limit=3, as a project chat
 * retrieves. A hit: one of the top 3 passages comes from the right file and holds the known
 * answer. The bench (tests/bench/lib/retrieval.mjs) reports the same figure against wrangler dev.
 *
 * workerd cannot read the disk: Vite inlines the fixtures at transform time (import.meta.glob
 * with ?raw), so the files uploaded are the files in the folder, byte for byte.
 */
import { describe, expect, it } from "vitest";
import questionSet from "../fixtures/knowledge-base/questions.json";
import { BASE, call, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

const fixtures = import.meta.glob<string>(
  ["../fixtures/knowledge-base/*", "!../fixtures/knowledge-base/questions.json"],
  {
    query: "?raw",
    import: "default",
    eager: true,
  },
);
const files = Object.entries(fixtures).map(([path, text]) => ({ name: path.slice(path.lastIndexOf("/") + 1), text }));

const GOAL = 0.9;
const TOP = 3;

interface Question {
  q: string;
  file: string;
  answer: string;
}
interface Hit {
  fileName: string;
  text: string;
}

/** Whitespace collapsed, as passages normalise it. */
const squash = (s: string) => s.replace(/\s+/g, " ").trim();

describe("knowledge-base retrieval", () => {
  it(
    `finds the answer to ${questionSet.questions.length} merchant questions in the top ${TOP} passages`,
    { timeout: 60_000 },
    async () => {
      expect(files.length).toBeGreaterThanOrEqual(6);
      const user = await verifiedUser();
      const created = await call("/api/projects", {
        method: "POST",
        token: user.token,
        body: { name: "Pawloft", businessInstructions: "Orthopedic dog beds." },
      });
      expect(created.status).toBe(201);
      const projectId = created.json.data.id as string;

      for (const file of files) {
        const form = new FormData();
        form.append("file", new File([file.text], file.name));
        const res = await WORKER.fetch(`${BASE}/api/projects/${projectId}/files`, {
          method: "POST",
          headers: { authorization: `Bearer ${user.token}` },
          body: form,
        });
        const body = (await res.json()) as { data?: { status?: string; statusReason?: string } };
        expect(res.status, `${file.name}: ${JSON.stringify(body)}`).toBe(201);
        expect(body.data?.status, `${file.name}: ${body.data?.statusReason}`).toBe("indexed");
      }

      const questions = questionSet.questions as Question[];
      const misses: string[] = [];
      for (const question of questions) {
        const { status, json } = await call(
          `/api/projects/${projectId}/passages?limit=${TOP}&q=${encodeURIComponent(question.q)}`,
          { token: user.token },
        );
        expect(status).toBe(200);
        const hits = json.data as Hit[];
        const answer = squash(question.answer);
        if (hits.some((h) => h.fileName === question.file && squash(h.text).includes(answer))) continue;
        const got = hits.map((h) => `${h.fileName}: "${squash(h.text).slice(0, 70)}…"`).join("\n      ") || "(nothing)";
        misses.push(`  MISS "${question.q}" (want ${question.file}: "${question.answer}")\n      ${got}`);
      }
      const found = questions.length - misses.length;
      const rate = found / questions.length;
      console.log(
        `knowledge-base retrieval top-${TOP} hit rate: ${found}/${questions.length} (${(rate * 100).toFixed(0)}%)` +
          (misses.length ? `\n${misses.join("\n")}` : ""),
      );
      expect(rate, misses.join("\n")).toBeGreaterThanOrEqual(GOAL);
    },
  );
});
