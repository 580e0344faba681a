/** Partner directory and application inbox data. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PartnerApplication } from "~/domain/contracts/partners";
import type { PartnerCategory } from "~/domain/partners";
import { decidePartnerApplication, fetchPartnerApplications, fetchPartners } from "./partners-client";
import { partnerKeys } from "./partner-keys";

export function usePartners(category: PartnerCategory | "", q: string) {
  return useQuery({ queryKey: partnerKeys.directory(category, q), queryFn: () => fetchPartners({ category, q }), placeholderData: keepPreviousData });
}

export function usePartnerApplications(status: PartnerApplication["status"] | "all") {
  return useQuery({ queryKey: partnerKeys.applications(status), queryFn: () => fetchPartnerApplications(status), retry: false });
}

export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; status: "approved" | "rejected"; reason: string }) => decidePartnerApplication(v.id, v.status, v.reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}
