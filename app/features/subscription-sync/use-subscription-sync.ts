import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { SUBSCRIPTION_KEY } from "~/features/account";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { fetchSubscriptionSync, runSubscriptionSync, SUBSCRIPTION_SYNC_KEY } from "./subscription-sync-client";

export function useSubscriptionSync() {
  return useQuery({ queryKey: SUBSCRIPTION_SYNC_KEY, queryFn: ({ signal }) => fetchSubscriptionSync(signal), retry: false });
}

/** Sync now: shows the answer in place and refreshes the plan everywhere else on the page. */
export function useSyncNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSubscriptionSync,
    onSuccess: (result) => {
      queryClient.setQueryData(SUBSCRIPTION_SYNC_KEY, result);
      if (result.fixed.length) void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEY });
      notify({
        title: result.fixed.length ? "Subscription fixed" : result.inSync ? "In sync" : "Nothing to fix",
        description: result.message,
        variant: result.fixed.length || result.inSync ? "success" : "default",
        duration: 6000,
      });
    },
    onError: (err) => notify({ title: "Sync failed", description: errorMessage(err, "Something went wrong. Please try again."), variant: "destructive" }),
  });
}
