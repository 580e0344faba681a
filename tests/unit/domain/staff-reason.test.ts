/** One reason rule for every staff action: the contracts and the kit's ReasonDialog read the same limit. */
import { describe, expect, it } from "vitest";
import { STAFF_REASON_MAX } from "~/domain/admin";
import { AdminActionBodySchema } from "~/domain/contracts/admin";
import { ApproveCommissionBodySchema } from "~/domain/contracts/affiliate";
import { FeedbackStatusBodySchema } from "~/domain/contracts/feedback";
import { PartnerDecisionBodySchema } from "~/domain/contracts/partners";
import { TicketStatusBodySchema } from "~/domain/contracts/support";
import { REASON_MAX_LENGTH } from "~/ui/reason-dialog";

const bodies = {
  "admin action": (reason: unknown) => AdminActionBodySchema.safeParse({ reason }),
  "commission approval": (reason: unknown) => ApproveCommissionBodySchema.safeParse({ reason }),
  "feedback status": (reason: unknown) => FeedbackStatusBodySchema.safeParse({ status: "planned", reason }),
  "partner decision": (reason: unknown) => PartnerDecisionBodySchema.safeParse({ status: "approved", reason }),
  "ticket status": (reason: unknown) => TicketStatusBodySchema.safeParse({ status: "closed", reason }),
};

describe("a staff action's reason", () => {
  it.each(Object.entries(bodies))(
    "%s: the limit passes, one more character and a blank reason are refused",
    (_name, parse) => {
      expect(parse("a".repeat(STAFF_REASON_MAX)).success).toBe(true);
      const tooLong = parse("a".repeat(STAFF_REASON_MAX + 1));
      expect(tooLong.success).toBe(false);
      expect(tooLong.error?.issues[0]?.message).toBe(`Keep the reason under ${STAFF_REASON_MAX} characters.`);
      expect(parse("   ").error?.issues[0]?.message).toBe("Give a reason for this action (it goes in the audit log).");
    },
  );

  it("is what the kit's reason dialog lets staff type", () => {
    expect(REASON_MAX_LENGTH).toBe(STAFF_REASON_MAX);
  });
});
