/**
 * Shapes every API resource shares: the error body of the taxonomy, the signed-in user, the
 * plain success answer, and the account rules both the forms and the server apply.
 */
import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "../account-rules";
import { STAFF_REASON_MAX } from "../admin";
import { ERROR_TYPES, type ErrorType } from "../errors";

export {
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_PATTERN,
  USERNAME_RULE,
} from "../account-rules";

/** The error taxonomy's body, referenced by every route's failure answers. */
export const ErrorSchema = z
  .object({
    error: z.string().meta({ example: "Invalid request" }),
    type: z.enum(Object.keys(ERROR_TYPES) as [ErrorType, ...ErrorType[]]),
    message: z.string().meta({ example: "email: email must be a valid email address" }),
    requestId: z.string().optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: "Error" });

export const UserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    role: z.enum(["user", "admin"]),
    /** Staff granted this account the AI Launcher (GET/POST /api/ad-launcher/* answer 403 without it). */
    launcherAccess: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "User" });

export const SuccessSchema = z.object({ success: z.literal(true), message: z.string() }).meta({ id: "Success" });

export const email = (field = "email") =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { message: `${field} is required` })
    .max(254, { message: `${field} is too long (254 characters at most)` })
    .pipe(z.email({ message: `${field} must be a valid email address, like you@store.com` }));

// Length and common-password rules are applied by the server's account service so every path
// applies them alike; the cap here only stops absurd bodies before hashing.
export const password = (field = "password") =>
  z
    .string({ error: `${field} is required` })
    .min(1, { message: `${field} is required` })
    .max(PASSWORD_MAX_LENGTH * 4, { message: `${field} is too long` });

export type PublicUser = z.infer<typeof UserSchema>;
export type ErrorBodyContract = z.infer<typeof ErrorSchema>;

/** Why a staff member took an action: every staff endpoint's `reason`, kept in the audit log. */
export const StaffReasonSchema = z
  .string({ error: "Give a reason for this action (it goes in the audit log)." })
  .trim()
  .min(1, "Give a reason for this action (it goes in the audit log).")
  .max(STAFF_REASON_MAX, `Keep the reason under ${STAFF_REASON_MAX} characters.`);
