/** The admin resource: what staff screens read. */
import { z } from "zod";

/** Staff's headline numbers (GET /api/admin/overview). */
export const AdminOverviewSchema = z
  .object({
    users: z.object({ total: z.number(), verified: z.number(), admins: z.number() }),
    newsletterSubscribers: z.number(),
    usageLast30Days: z.record(z.string(), z.number()),
  })
  .meta({ id: "AdminOverview" });
