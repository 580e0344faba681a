/** The partner directory (public) and partner applications (anyone may apply; staff decide). */
import { z } from "zod";
import { PARTNER_APPLICATION_STATUSES, PARTNER_CATEGORY_IDS } from "../partners";
import { StaffReasonSchema } from "./common";

export * from "../partners";

export const PartnerCategorySchema = z.enum(PARTNER_CATEGORY_IDS, { error: `category must be one of ${PARTNER_CATEGORY_IDS.join(", ")}` });

export const PartnerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(["app", "agency"]),
    category: PartnerCategorySchema,
    summary: z.string(),
    offers: z.array(z.string()),
    website: z.string(),
  })
  .meta({ id: "Partner" });
export type Partner = z.infer<typeof PartnerSchema>;

export const PartnerQuerySchema = z.object({
  category: PartnerCategorySchema.optional(),
  q: z.string().trim().max(100, "q is too long (100 characters at most)").optional(),
});

const text = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(min, min === 1 ? `${field} is required` : `${field} needs at least ${min} characters`)
    .max(max, `${field} is too long (${max} characters at most)`);

export const PartnerApplicationBodySchema = z
  .object({
    company: text("company", 1, 120),
    website: text("website", 4, 300).refine((v) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), "website must be a full address starting with https://"),
    contactEmail: z.string({ error: "contactEmail must be text" }).trim().pipe(z.email("contactEmail is not a valid email address").max(254)),
    category: PartnerCategorySchema,
    message: text("message", 20, 4000),
  })
  .meta({ id: "PartnerApplicationBody" });
export type PartnerApplicationBody = z.infer<typeof PartnerApplicationBodySchema>;

export const PartnerApplicationStatusSchema = z.enum(PARTNER_APPLICATION_STATUSES);

export const PartnerApplicationSchema = z
  .object({
    id: z.string(),
    company: z.string(),
    website: z.string(),
    contactEmail: z.string(),
    category: z.string(),
    message: z.string(),
    status: PartnerApplicationStatusSchema,
    userId: z.number().int().nullable(),
    decidedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "PartnerApplication" });
export type PartnerApplication = z.infer<typeof PartnerApplicationSchema>;

export const PartnerApplicationQuerySchema = z.object({ status: PartnerApplicationStatusSchema.optional() });

export const PartnerDecisionBodySchema = z
  .object({
    status: z.enum(["approved", "rejected"], { error: "status must be approved or rejected" }),
    reason: StaffReasonSchema,
  })
  .meta({ id: "PartnerDecisionBody" });
