// Knowledge-base retrieval quality against the running product: a verified bench user makes a
// project, uploads the merchant files of tests/fixtures/knowledge-base/ and asks the 30 questions
// of its questions.json through GET /api/projects/{id}/passages?limit=3, as a project chat
// retrieves. A hit: one of the top 3 passages comes from the question's file and holds its
// answer (whitespace collapsed). Same files, questions and rule as tests/integration/retrieval.test.ts.
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { createBenchUser, requestJson } from "./bench-api.mjs";
import { percentile, round } from "./load.mjs";

export const KNOWLEDGE_BASE_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../fixtures/knowledge-base",
);
const QUESTIONS_FILE = "questions.json";
export const TOP = 3;

const squash = (s) => String(s).replace(/\s+/g, " ").trim();
const MIME = { md: "text/markdown", txt: "text/plain", csv: "text/csv", json: "application/json" };

/** A multipart/form-data body holding one file in the field `file`. */
function multipartFile(name, bytes) {
  const boundary = `----dropcraft-bench-${randomBytes(8).toString("hex")}`;
  const type = MIME[name.split(".").pop()] ?? "application/octet-stream";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name.replace(/["\r\n]/g, "_")}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The fixture files (every file but questions.json) and the question set. */
export function readKnowledgeBase(dir = KNOWLEDGE_BASE_DIR) {
  const files = readdirSync(dir)
    .filter((name) => name !== QUESTIONS_FILE && !name.startsWith("."))
    .sort()
    .map((name) => ({ name, bytes: readFileSync(path.join(dir, name)) }));
  const { questions } = JSON.parse(readFileSync(path.join(dir, QUESTIONS_FILE), "utf8"));
  return { files, questions };
}

/** Whether the top passages answer the question: the right file and the answer inside one passage. */
export function isHit(question, passages) {
  const answer = squash(question.answer);
  return passages.slice(0, TOP).some((p) => p.fileName === question.file && squash(p.text).includes(answer));
}

/**
 * Resolves with { files, passages, questions, hits, hitRate, misses: [{ q, file, answer, got }],
 * searchMs: { p50, p90, max }, uploadMs }.
 */
export async function retrievalQuality({ baseUrl, log = () => {} }) {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  try {
    const { files, questions } = readKnowledgeBase();
    const { token } = await createBenchUser(base, agent, { prefix: "retrieval", paid: false });
    const auth = { authorization: `Bearer ${token}` };
    const created = await requestJson(base, agent, "POST", "/api/projects", {
      headers: auth,
      body: { name: "Pawloft (retrieval bench)", businessInstructions: "Orthopedic dog beds." },
    });
    const projectId = created.json?.data?.id;
    if (created.status !== 201 || !projectId)
      throw new Error(`POST /api/projects answered ${created.status}: ${created.text.slice(0, 300)}`);

    // Uploads: multipart, one file per request, indexed before the answer.
    const uploadStarted = performance.now();
    let passages = 0;
    for (const file of files) {
      const { body, contentType } = multipartFile(file.name, file.bytes);
      const res = await requestJson(base, agent, "POST", `/api/projects/${projectId}/files`, {
        headers: { ...auth, "content-type": contentType },
        raw: body,
        timeoutMs: 60_000,
      });
      const data = res.json?.data;
      if (res.status !== 201 || data?.status !== "indexed") {
        throw new Error(
          `upload of ${file.name} answered ${res.status} (${data?.status ?? "?"}: ${data?.statusReason ?? res.text.slice(0, 200)})`,
        );
      }
      passages += data.passageCount ?? 0;
    }
    const uploadMs = round(performance.now() - uploadStarted, 1);
    log(
      `  ${files.length} files uploaded and indexed in ${uploadMs} ms; asking ${questions.length} questions (top ${TOP})…`,
    );

    const latencies = [];
    const misses = [];
    for (const question of questions) {
      const started = performance.now();
      const res = await requestJson(
        base,
        agent,
        "GET",
        `/api/projects/${projectId}/passages?limit=${TOP}&q=${encodeURIComponent(question.q)}`,
        { headers: auth },
      );
      latencies.push(performance.now() - started);
      if (res.status !== 200 || !Array.isArray(res.json?.data))
        throw new Error(`passage search answered ${res.status}: ${res.text.slice(0, 300)}`);
      if (isHit(question, res.json.data)) continue;
      misses.push({
        q: question.q,
        file: question.file,
        answer: question.answer,
        got: res.json.data.map((p) => `${p.fileName}#${p.position}: ${squash(p.text).slice(0, 80)}`),
      });
    }
    latencies.sort((a, b) => a - b);
    const hits = questions.length - misses.length;
    return {
      files: files.length,
      passages: passages || null,
      questions: questions.length,
      top: TOP,
      hits,
      hitRate: round(hits / questions.length, 4),
      misses,
      searchMs: {
        p50: round(percentile(latencies, 50), 1),
        p90: round(percentile(latencies, 90), 1),
        max: round(latencies.at(-1), 1),
      },
      uploadMs,
    };
  } finally {
    agent.destroy();
  }
}
