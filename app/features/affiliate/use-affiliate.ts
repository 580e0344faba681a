/** The signed-in affiliate's figures, and the staff inbox's list and actions. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CommissionStatus } from "~/domain/affiliate";
import { approveCommission, fetchAffiliate, fetchStaffCommissions, payReferrer } from "./affiliate-client";
import { affiliateKeys } from "./affiliate-keys";

export function useAffiliate(enabled: boolean) {
  return useQuery({ queryKey: affiliateKeys.mine(), queryFn: fetchAffiliate, enabled, retry: false });
}

export function useStaffCommissions(status: CommissionStatus | "all") {
  return useQuery({ queryKey: affiliateKeys.staff(status), queryFn: () => fetchStaffCommissions(status), retry: false });
}

export function useCommissionActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: affiliateKeys.all });
  const approve = useMutation({ mutationFn: (v: { id: string; reason: string }) => approveCommission(v.id, v.reason), onSettled: refresh });
  const pay = useMutation({ mutationFn: (v: { referrerId: number; reason: string }) => payReferrer(v.referrerId, v.reason), onSettled: refresh });
  return { approve, pay };
}
