/**
 * The affiliate program: its terms (public), recording a visit through a referral link (public;
 * sets the referral cookie), my link and figures, and the staff inbox (approve, pay). Thin: the
 * rules live in app/server/affiliate.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import {
  AFFILIATE_TERMS,
  AffiliateClickBodySchema,
  AffiliateClickResultSchema,
  AffiliateOverviewSchema,
  AffiliateTermsSchema,
  ApproveCommissionBodySchema,
  CreatePayoutBodySchema,
  parseReferralCookie,
  REFERRAL_COOKIE,
  referralCookieValue,
  StaffCommissionQuerySchema,
  StaffCommissionSchema,
} from "~/domain/contracts/affiliate";
import { affiliateOverview, creditReferralAtSignup, recordClick } from "~/server/affiliate/service";
import { approveCommission, listStaffCommissions, payReferrer } from "~/server/affiliate/staff";
import type { User } from "../db/schema";
import { createRouter, type ApiEnv } from "./context";
import { ErrorSchema } from "./openapi";
import { body, json } from "./schemas";
import { appUrl, enforceRateLimit } from "./services";
import { clientIp, isHttps, requireAdmin, requireCaller } from "./session";

const staffErrors = {
  400: { description: "Invalid request (the message names the field; a reason is required)", ...json(ErrorSchema) },
  401: { description: "Not signed in", ...json(ErrorSchema) },
  403: { description: "Not staff", ...json(ErrorSchema) },
};

/**
 * Called by the signup route once the account exists: credits the referral the cookie carries
 * (or refuses it, recording nothing) and clears the cookie either way.
 */
export async function creditReferralFromCookie(c: Context<ApiEnv>, user: Pick<User, "id" | "email">): Promise<void> {
  const cookie = getCookie(c, REFERRAL_COOKIE);
  if (!cookie) return;
  const outcome = await creditReferralAtSignup(c.var.db, { user, cookie, ip: clientIp(c), now: new Date() });
  c.var.log.info("referral at signup", { userId: user.id, ...outcome });
  deleteCookie(c, REFERRAL_COOKIE, { path: "/", secure: isHttps(c) });
}

const actor = (c: Context<ApiEnv>) => {
  const { user } = requireAdmin(c);
  return { id: user.id, email: user.email };
};

export const affiliate = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/affiliate/terms",
      summary: "The affiliate program's terms: commission rate, duration, cookie window, payout threshold, hold and method",
      responses: { 200: { description: "The terms", ...json(z.object({ data: AffiliateTermsSchema })) } },
    }),
    (c) => c.json({ data: { ...AFFILIATE_TERMS } }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/affiliate",
      summary: "My referral code and link (made on first read), clicks, sign-ups, paying customers, commissions by status and payouts",
      responses: {
        200: { description: "My affiliate figures", ...json(z.object({ data: AffiliateOverviewSchema })) },
        401: { description: "Not signed in", ...json(ErrorSchema) },
      },
    }),
    async (c) => {
      const { user } = requireCaller(c);
      return c.json({ data: await affiliateOverview(c.var.db, user.id, appUrl(c)) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/affiliate/clicks",
      summary: "Record a visit through a referral link (once per visitor a day) and set the referral cookie",
      description: `Sets the first-party ${REFERRAL_COOKIE} cookie (code and first visit, ${AFFILIATE_TERMS.cookieDays} days, SameSite=Lax) unless one from an earlier link is still valid: the first referrer keeps the visitor. The owner's own visits are neither counted nor attributed.`,
      request: body(AffiliateClickBodySchema),
      responses: {
        200: { description: "Recorded", ...json(AffiliateClickResultSchema) },
        400: { description: "Invalid request", ...json(ErrorSchema) },
        404: { description: "No such referral code", ...json(ErrorSchema) },
        429: { description: "Too many visits from this address", ...json(ErrorSchema) },
      },
    }),
    async (c) => {
      const ip = clientIp(c);
      await enforceRateLimit(c, "affiliateClickByIp", ip);
      const now = new Date();
      const callerId = c.var.caller?.user.id ?? null;
      const click = await recordClick(c.var.db, { code: c.req.valid("json").code, ip, userAgent: c.req.header("user-agent") ?? "", callerId, now });
      const own = callerId === click.owner;
      const existing = parseReferralCookie(getCookie(c, REFERRAL_COOKIE), now);
      const attributed = !own && (!existing || existing.code === click.code);
      if (attributed && !existing) {
        setCookie(c, REFERRAL_COOKIE, referralCookieValue(click.code, now), {
          maxAge: AFFILIATE_TERMS.cookieDays * 86_400,
          sameSite: "Lax",
          path: "/",
          httpOnly: true,
          secure: isHttps(c),
        });
      }
      return c.json({ data: { code: click.code, counted: click.counted, attributed } }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/admin/affiliate/commissions",
      summary: "Staff: referral commissions, newest first, optionally of one status",
      request: { query: StaffCommissionQuerySchema },
      responses: { 200: { description: "Commissions", ...json(z.object({ data: z.array(StaffCommissionSchema) })) }, ...staffErrors },
    }),
    async (c) => {
      actor(c);
      return c.json({ data: await listStaffCommissions(c.var.db, c.req.valid("query").status, new Date()) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/affiliate/commissions/{id}/approve",
      summary: "Staff: approve a pending commission whose hold has passed (audited)",
      request: { params: z.object({ id: z.string().min(1).max(64) }), ...body(ApproveCommissionBodySchema) },
      responses: {
        200: { description: "Approved", ...json(z.object({ data: z.object({ id: z.string(), status: z.literal("approved") }) })) },
        404: { description: "No such commission", ...json(ErrorSchema) },
        409: { description: "Not pending, or still inside the hold", ...json(ErrorSchema) },
        ...staffErrors,
      },
    }),
    async (c) => {
      const data = await approveCommission(c.var.db, actor(c), c.req.valid("param").id, c.req.valid("json").reason, new Date());
      return c.json({ data }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/admin/affiliate/payouts",
      summary: "Staff: pay all approved commissions of a referrer as one payout, when they reach the threshold (audited)",
      request: body(CreatePayoutBodySchema),
      responses: {
        201: {
          description: "Paid",
          ...json(z.object({ data: z.object({ id: z.string(), referrerId: z.number().int(), amountCents: z.number().int(), commissionCount: z.number().int() }) })),
        },
        409: { description: "Nothing approved, or under the payout threshold", ...json(ErrorSchema) },
        ...staffErrors,
      },
    }),
    async (c) => {
      const { referrerId, reason } = c.req.valid("json");
      return c.json({ data: await payReferrer(c.var.db, actor(c), referrerId, reason) }, 201);
    },
  );
