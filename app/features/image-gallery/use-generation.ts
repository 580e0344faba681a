/**
 * One metered image action (generate, variations, upscale, batch): the free plan sees the upgrade
 * modal before anything is sent; the server's refusals open it too; other errors are named on the
 * screen. Afterwards the usage meters and image lists are read again.
 */
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSubscription } from "~/features/account";
import type { GeneratedImages } from "~/features/images";
import { errorMessage } from "~/lib/http";
import { isUpgradeRefusal, isUsageLimit } from "./gallery-logic";
import { openImageUpgrade, reportImageError, useAfterGeneration } from "./use-images";

export function useGeneration<T>(fn: (args: T) => Promise<GeneratedImages>, failedTitle: string) {
  const { isFree } = useSubscription();
  const after = useAfterGeneration();
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: fn,
    onMutate: () => setProblem(null),
    onSuccess: () => after(true),
    onError: (err) => {
      after(false);
      reportImageError(err, "generate", failedTitle);
      if (!isUpgradeRefusal(err) && !isUsageLimit(err))
        setProblem(errorMessage(err, "Please try again; nothing was counted."));
    },
  });
  return {
    run: (args: T) => {
      if (isFree) return openImageUpgrade("generate");
      mutation.mutate(args);
    },
    pending: mutation.isPending,
    result: mutation.data ?? null,
    problem,
    reset: () => {
      mutation.reset();
      setProblem(null);
    },
  };
}

/** Seconds since `running` turned true (for "Working… 4 s"). */
export function useElapsed(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!running) return;
    setSeconds(0);
    const started = Date.now();
    const t = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 500);
    return () => clearInterval(t);
  }, [running]);
  return seconds;
}
