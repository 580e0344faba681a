/**
 * Tutorial progress for the signed-in user. Refetched whenever the window regains focus, so
 * coming back from the screen where the step was done shows it ticked.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { TutorialProgress } from "~/domain/contracts/tutorials";
import { useCurrentUser } from "~/features/account";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { fetchTutorialProgress, putHandTick, tutorialKeys } from "./tutorials-client";

export function useTutorialProgress() {
  const { user } = useCurrentUser();
  const query = useQuery({
    queryKey: tutorialKeys.progress(),
    queryFn: ({ signal }) => fetchTutorialProgress(signal),
    enabled: Boolean(user),
    staleTime: 0,
    // Tab switches (visibilitychange) refetch through React Query; coming back from another
    // window only fires "focus", which React Query no longer listens to, so that is heard here.
    refetchOnWindowFocus: "always",
    refetchOnMount: "always",
  });
  const { refetch } = query;
  const enabled = Boolean(user);
  useEffect(() => {
    if (!enabled) return;
    const onFocus = () => void refetch();
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [enabled, refetch]);
  return query;
}

export function useHandTick() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { tutorialId: string; stepId: string; done: boolean }) =>
      putHandTick(input.tutorialId, input.stepId, { done: input.done }),
    onSuccess: (updated) => {
      queryClient.setQueryData<TutorialProgress[]>(tutorialKeys.progress(), (list) =>
        list?.map((t) => (t.id === updated.id ? updated : t)),
      );
    },
    onError: (err) => {
      notify({ title: "Couldn’t save the tick", description: errorMessage(err, "Try again."), variant: "destructive" });
      void queryClient.invalidateQueries({ queryKey: tutorialKeys.progress() });
    },
  });
}
