/**
 * The AI Launcher's API (issue 28, ADR 022): the Meta ad account and launches (create, retry,
 * status, delete, insights); the destination check, products and copy are functions/ad-launcher-prepare.ts. Every route needs a signed-in caller
 * (401 before validation, ADR 021) with the `launcher` access flag (403, checked for the whole
 * /ad-launcher tree in functions/index.ts before any validator); another user's launch is a 404,
 * checked before a body is read.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import {
  AdAccountAnswerSchema,
  ConnectAdAccountBodySchema,
  CreateLaunchBodySchema,
  LaunchAnswerSchema,
  LaunchListSchema,
  LaunchStatusBodySchema,
} from "~/domain/contracts/ad-launcher";
import { AppError } from "~/domain/errors";
import { connectAdAccount, disconnectAdAccount, getAdAccount } from "~/server/ad-launcher/account";
import { createLaunch, deleteLaunch, getLaunch, listUserLaunches, refreshInsights, retryLaunch, setLaunchStatus, type LaunchDeps } from "~/server/ad-launcher/launches";
import { devToolsEnabled } from "~/server/platform/env";
import { findLaunch } from "../db/ad-launcher";
import { createRouter, type ApiEnv } from "./context";
import { ErrorSchema } from "./openapi";
import { body, json } from "./schemas";
import { appUrl } from "./services";
import { requireLauncherAccess } from "./session";

const IdParam = z.object({ id: z.string().min(1).max(64) });
const errors = {
  400: { description: "Invalid request, or Meta refused it (the message names what to fix)", ...json(ErrorSchema) },
  401: { description: "Not signed in", ...json(ErrorSchema) },
  403: { description: "The AI Launcher is not open on this account", ...json(ErrorSchema) },
};
const launchErrors = {
  ...errors,
  404: { description: "No such launch (or not yours)", ...json(ErrorSchema) },
  409: { description: "The launch is not in a state that allows this, or no ad account is connected", ...json(ErrorSchema) },
  429: { description: "The daily launch limit, or Meta's rate limit (the message says when to retry)", ...json(ErrorSchema) },
  503: { description: "Meta could not be reached", ...json(ErrorSchema) },
};

export function launcherDeps(c: Context<ApiEnv>): LaunchDeps {
  const config = c.var.config;
  return {
    db: c.var.db,
    tokenKey: config.STORE_TOKEN_KEY,
    graphBaseUrl: config.META_GRAPH_BASE_URL,
    devTools: devToolsEnabled(config),
    env: c.env,
    files: c.env.FILES,
    destination: { origin: appUrl(c), allowLoopbackForTests: config.URL_GUARD_ALLOW_LOOPBACK === "on" },
  };
}

const userId = (c: Context<ApiEnv>) => requireLauncherAccess(c).user.id;

/** Ownership before validation: another account's launch is a 404 whatever the body holds. */
const ownLaunchFirst: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!(await findLaunch(c.var.db, userId(c), c.req.param("id") ?? ""))) throw new AppError("NOT_FOUND", "No such launch.");
  await next();
};

export const adLauncher = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/ad-launcher/account",
      summary: "The connected Meta ad account, or null",
      responses: { 200: { description: "The account", ...json(AdAccountAnswerSchema) }, ...errors },
    }),
    async (c) => c.json({ data: await getAdAccount(launcherDeps(c), userId(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/ad-launcher/account",
      summary: "Connect a Meta ad account (ad account id, Page id, system-user token), verified at Meta; or { dev: true } for the offline dev account on a local run",
      description:
        "Checks the token's permissions (ads_management, pages_manage_ads), the ad account (reachable, not disabled, closed or unsettled) and the Page. Each refusal is a 400 with one sentence and `details.refusal`: token, permission, account, account_disabled, account_unsettled or page. The token is stored encrypted.",
      request: body(ConnectAdAccountBodySchema),
      responses: {
        201: { description: "Connected", ...json(AdAccountAnswerSchema) },
        429: launchErrors[429],
        503: launchErrors[503],
        ...errors,
      },
    }),
    async (c) => c.json({ data: await connectAdAccount(launcherDeps(c), userId(c), c.req.valid("json")) }, 201),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/ad-launcher/account",
      summary: "Disconnect the ad account: its token is deleted; launches and their Meta ids are kept",
      responses: {
        200: { description: "Disconnected", ...json(AdAccountAnswerSchema) },
        404: { description: "No ad account is connected", ...json(ErrorSchema) },
        ...errors,
      },
    }),
    async (c) => {
      await disconnectAdAccount(launcherDeps(c), userId(c));
      return c.json({ data: null }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/ad-launcher/launches",
      summary: "The caller's launches, newest first, with their objects at Meta and last insights",
      responses: { 200: { description: "Launches", ...json(LaunchListSchema) }, ...errors },
    }),
    async (c) => c.json({ data: await listUserLaunches(launcherDeps(c), userId(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/ad-launcher/launches",
      summary: "Launch: reserve one launch, then make the campaign, ad set, images, creatives and ads at Meta, all paused",
      description:
        "201 with the launch: state `paused` and `charged` when every object was made; state `failed` with `error` (a sentence naming what to fix) and no charge when Meta refused a step; retry resumes from the last object made. A refusal before anything is made (destination down, image not fitting its placement, no ad account, the daily limit) answers 400/409/429 and makes no launch.",
      request: body(CreateLaunchBodySchema),
      responses: { 201: { description: "The launch (paused, or failed with its sentence)", ...json(LaunchAnswerSchema) }, ...launchErrors },
    }),
    async (c) => c.json(await createLaunch(launcherDeps(c), userId(c), c.req.valid("json")), 201),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/ad-launcher/launches/{id}",
      summary: "One launch with every object it made at Meta",
      request: { params: IdParam },
      responses: { 200: { description: "The launch", ...json(LaunchAnswerSchema) }, ...launchErrors },
    }),
    async (c) => c.json({ data: await getLaunch(launcherDeps(c), userId(c), c.req.valid("param").id) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/ad-launcher/launches/{id}/retry",
      summary: "Resume a failed launch from the last object made (reserves one launch again; refunded on failure)",
      request: { params: IdParam },
      responses: { 200: { description: "The launch (paused, or failed again with its sentence)", ...json(LaunchAnswerSchema) }, ...launchErrors },
    }),
    async (c) => c.json(await retryLaunch(launcherDeps(c), userId(c), c.req.valid("param").id), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/ad-launcher/launches/{id}/status",
      middleware: [ownLaunchFirst] as const,
      summary: "Activate or pause the launch at Meta (campaign, ad set and ads)",
      request: { params: IdParam, ...body(LaunchStatusBodySchema) },
      responses: { 200: { description: "The launch", ...json(LaunchAnswerSchema) }, ...launchErrors },
    }),
    async (c) => c.json({ data: await setLaunchStatus(launcherDeps(c), userId(c), c.req.valid("param").id, c.req.valid("json").status) }, 200),
  )
  .openapi(
    createRoute({
      method: "delete",
      path: "/ad-launcher/launches/{id}",
      summary: "Delete the launch's campaign at Meta (its ad sets and ads go with it) and mark it deleted",
      request: { params: IdParam },
      responses: { 200: { description: "The launch, deleted", ...json(LaunchAnswerSchema) }, ...launchErrors },
    }),
    async (c) => c.json({ data: await deleteLaunch(launcherDeps(c), userId(c), c.req.valid("param").id) }, 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/ad-launcher/launches/{id}/insights",
      summary: "Read the campaign's insights at Meta now: spend, impressions, clicks, CTR, CPC, purchases, ROAS (simulated on the dev account, and labelled so)",
      request: { params: IdParam },
      responses: { 200: { description: "The launch with fresh insights", ...json(LaunchAnswerSchema) }, ...launchErrors },
    }),
    async (c) => c.json({ data: await refreshInsights(launcherDeps(c), userId(c), c.req.valid("param").id) }, 200),
  );
