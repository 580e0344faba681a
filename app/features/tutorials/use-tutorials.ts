/**
 * Tutorial progress for the signed-in user. Refetched whenever the window regains focus, so
 * coming back from the screen where the step was done shows it ticked.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TutorialProgress } from "~/domain/contracts/tutorials";
import { useCurrentUser } from "~/features/auth";
import { errorMessage } from "~/lib/http";
import { notify } from "~/lib/toast";
import { fetchTutorialProgress, putHandTick, tutorialKeys } from "./tutorials-client";

export function useTutorialProgress() {
  const { user } = useCurrentUser();
  return useQuery({
    queryKey: tutorialKeys.progress(),
    queryFn: ({ signal }) => fetchTutorialProgress(signal),
    enabled: Boolean(user),
    staleTime: 0,
    refetchOnWindowFocus: "always",
    refetchOnMount: "always",
  });
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
