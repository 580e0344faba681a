/**
 * Deep market analysis reports (paid plans): start one as a background job, poll its progress,
 * list, read, download as Markdown or printable HTML, delete. Another user's report is a 404.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { MarketReportSchema, ReportBodySchema } from "~/domain/contracts/market";
import {
  finishedReport,
  getReport,
  listReports,
  removeReport,
  reportFileName,
  reportHtml,
  startReport,
  type ReportDeps,
} from "~/server/market/reports";
import { createRouter, type ApiEnv } from "./context";
import { ErrorSchema } from "./openapi";
import { body, downloadHeaders, json } from "./schemas";
import { requireCaller } from "./session";

const IdParam = z.object({ id: z.string().min(1).max(64) });
const DownloadQuery = z.object({ format: z.enum(["md", "html"]).default("md") });

const ReportAnswer = z.object({ data: MarketReportSchema }).meta({ id: "MarketReportAnswer" });
const ReportListAnswer = z
  .object({ data: z.array(MarketReportSchema.omit({ markdown: true })) })
  .meta({ id: "MarketReportList", description: "Newest first; GET a report for its Markdown" });

const errors = {
  400: { description: "Invalid request", ...json(ErrorSchema) },
  401: { description: "Not signed in", ...json(ErrorSchema) },
  404: { description: "No such report (or not yours)", ...json(ErrorSchema) },
};

function reportDeps(c: Context<ApiEnv>): ReportDeps {
  return { db: c.var.db, env: c.env, defer: (work) => c.executionCtx.waitUntil(work) };
}


export const marketReports = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/market-reports",
      summary: "Start a deep market analysis of a niche or a product (paid plans; one aiAdvisor use)",
      description: "Answers 202 with the report running; poll GET /market-reports/{id} for its progress.",
      request: body(ReportBodySchema),
      responses: {
        202: { description: "Started", ...json(ReportAnswer) },
        403: { description: "The plan has no deep market analysis (type FORBIDDEN, details.upgrade true)", ...json(ErrorSchema) },
        429: { description: "Today's deep analyses are used up (type USAGE_LIMIT)", ...json(ErrorSchema) },
        ...errors,
        404: { description: "No such niche or product in the caller's catalog", ...json(ErrorSchema) },
      },
    }),
    async (c) => c.json({ data: await startReport(reportDeps(c), requireCaller(c).user.id, c.req.valid("json")) }, 202),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/market-reports",
      summary: "The caller's reports, newest first (without their Markdown)",
      responses: { 200: { description: "Reports", ...json(ReportListAnswer) }, ...errors },
    }),
    async (c) => c.json({ data: await listReports(c.var.db, requireCaller(c).user.id) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/market-reports/{id}",
      summary: "A report: its progress while running, its Markdown and cited records when done",
      request: { params: IdParam },
      responses: { 200: { description: "The report", ...json(ReportAnswer) }, ...errors },
    }),
    async (c) => c.json({ data: await getReport(c.var.db, requireCaller(c).user.id, c.req.valid("param").id) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/market-reports/{id}/download",
      summary: "A finished report as a Markdown file (format=md) or a printable standalone HTML page (format=html)",
      request: { params: IdParam, query: DownloadQuery },
      responses: {
        200: {
          description: "The file",
          content: { "text/markdown": { schema: z.string() }, "text/html": { schema: z.string() } },
        },
        409: { description: "The report is still running or failed", ...json(ErrorSchema) },
        ...errors,
      },
    }),
    async (c) => {
      const report = await finishedReport(c.var.db, requireCaller(c).user.id, c.req.valid("param").id);
      const html = c.req.valid("query").format === "html";
      return new Response(html ? reportHtml(report) : report.markdown, {
        headers: downloadHeaders(html ? "text/html; charset=utf-8" : "text/markdown; charset=utf-8", reportFileName(report, html ? "html" : "md")),
      }) as never;
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/market-reports/{id}",
      summary: "Delete a report (a running one stops and is not counted)",
      request: { params: IdParam },
      responses: { 200: { description: "Deleted", ...json(z.object({ data: z.object({ id: z.string() }) })) }, ...errors },
    }),
    async (c) => {
      const id = c.req.valid("param").id;
      await removeReport(c.var.db, requireCaller(c).user.id, id);
      return c.json({ data: { id } }, 200);
    },
  );
