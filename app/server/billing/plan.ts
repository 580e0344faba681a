import { resolvePlan, type Plan } from "~/domain/plans";
import { effectivePlanId } from "~/domain/subscription";
import type { Database } from "../../../db/client";
import { findSubscription } from "../../../db/subscriptions";

/** The plan a user is on now (an ended or unpaid subscription counts as free). */
export async function planFor(db: Database, userId: number): Promise<Plan> {
  return resolvePlan(effectivePlanId(await findSubscription(db, userId)));
}
