import { HTTPException } from "hono/http-exception";
import { devToolsEnabled, getEnv } from "~/server/platform/env";
import { AppError, errorTypeForStatus, toAppError } from "~/domain/errors";
import { createLogger } from "~/server/platform/log";
import { requestDatabase } from "../db/client";
import { createRouter, requestIdOf } from "./context";
import { apiDocument } from "./openapi";
import { logRequestFailure } from "./request-failure";
import { signInFirst } from "./sign-in-first";
import { account } from "./account";
import { adLauncher } from "./ad-launcher";
import { adLauncherPrepare } from "./ad-launcher-prepare";
import { admin } from "./admin";
import { auth } from "./auth";
import { createBilling } from "./billing";
import { catalog } from "./catalog";
import { chats } from "./chats";
import { competitors } from "./competitors";
import { dev } from "./dev";
import { affiliate } from "./affiliate";
import { feedback } from "./feedback";
import { health } from "./health";
import { help } from "./help";
import { partners } from "./partners";
import { subscriptionSync } from "./subscription-sync";
import { support } from "./support";
import { tutorials } from "./tutorials";
import { images } from "./images";
import { intelligence } from "./intelligence";
import { marketReports } from "./market-reports";
import { newsletter } from "./newsletter";
import { pages } from "./pages";
import { projects } from "./projects";
import { seo } from "./seo";
import { storeConnections } from "./store-connections";
import { usage } from "./usage";
import { urlInspections } from "./url-inspections";
import { identifyCaller, requireAdmin, requireLauncherAccess } from "./session";
import { requireVerifiedEmail } from "./email-verification";

/**
 * The HTTP API, mounted at /api by workers/app.ts. Reads as a table of contents:
 * one module per resource, each thin.
 */
export function createApi() {
  const API_BASE = "/api";
  const api = createRouter().basePath(API_BASE);

  api.use("*", async (c, next) => {
    const config = getEnv(c.env);
    // workers/app.ts names every request before handing it over; a client's header is never trusted.
    const requestId = requestIdOf(c.req.raw) ?? crypto.randomUUID();
    c.set("requestId", requestId);
    c.set("config", config);
    c.set("log", createLogger({ requestId }, config.LOG_LEVEL));
    // A D1 session per request: reads may use replicas, never older than the user's last request (db/client.ts).
    const database = requestDatabase(c.env.DB, c.req.raw);
    c.set("db", database.db);
    await next();
    const bookmark = database.cookieFor(c.res, c.var.caller != null);
    if (bookmark) c.header("Set-Cookie", bookmark, { append: true });
  });
  api.use("*", identifyCaller);
  api.use("*", signInFirst(api, API_BASE));
  api.use("*", requireVerifiedEmail);
  // Staff only, whichever module serves the route (the admin screens, the support and affiliate inboxes).
  api.use("/admin/*", async (c, next) => {
    requireAdmin(c);
    await next();
  });
  // The AI Launcher is open to accounts staff granted it: a 403 before any validator reads the request.
  api.use("/ad-launcher/*", async (c, next) => {
    requireLauncherAccess(c);
    await next();
  });
  // Development tools exist only on a local run that turns them on (DEV_TOOLS=on).
  for (const path of ["/dev/*", "/billing/dev-checkout"]) {
    api.use(path, async (c, next) => {
      if (!devToolsEnabled(c.var.config)) throw new AppError("NOT_FOUND", `No API route matches ${c.req.method} ${new URL(c.req.url).pathname}.`);
      await next();
    });
  }

  api.route("/", health);
  api.route("/", newsletter);
  api.route("/", auth);
  api.route("/", account);
  api.route("/", usage);
  api.route("/", chats);
  api.route("/", projects);
  api.route("/", catalog);
  api.route("/", intelligence);
  api.route("/", competitors);
  api.route("/", marketReports);
  api.route("/", urlInspections);
  api.route("/", pages);
  api.route("/", storeConnections);
  api.route("/", adLauncher);
  api.route("/", seo);
  api.route("/", images);
  api.route("/", adLauncherPrepare);
  api.route("/", help);
  api.route("/", tutorials);
  api.route("/", support);
  api.route("/", feedback);
  api.route("/", affiliate);
  api.route("/", partners);
  api.route("/", subscriptionSync);
  // The dev checkout feeds signed events through this same app, exactly as Stripe would.
  api.route("/", createBilling((request, c) => Promise.resolve(api.fetch(request, c.env, c.executionCtx))));
  api.route("/", admin);
  api.route("/", dev);

  // Built once per isolate: the routes do not change while it lives.
  let document: ReturnType<typeof apiDocument> | undefined;
  api.get("/openapi.json", (c) => c.json((document ??= apiDocument(api))));

  api.notFound((c) => {
    const err = new AppError("NOT_FOUND", `No API route matches ${c.req.method} ${new URL(c.req.url).pathname}.`);
    return c.json(err.toBody(c.var.requestId), 404);
  });

  api.onError((err, c) => {
    // A library's HTTP error (hono's body parsing, content-type checks…) keeps its own status.
    const appError = err instanceof HTTPException ? new AppError(errorTypeForStatus(err.status), httpExceptionMessage(err)) : toAppError(err);
    logRequestFailure(c.var.log, appError);
    return c.json(appError.toBody(c.var.requestId), appError.status as 400, appError.headers);
  });

  return api;
}

function httpExceptionMessage(err: HTTPException): string {
  // hono's JSON validator throws "Malformed JSON in request body" for unparsable bodies.
  if (/malformed json/i.test(err.message)) return "The request body is not valid JSON.";
  if (err.status === 415) return "Send the request body as JSON, with the header Content-Type: application/json.";
  return err.message || "The request could not be processed.";
}
