import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { AUTH_MESSAGES, useSendVerification } from "~/features/auth/auth-client";
import { AUTH_ME_KEY } from "~/features/account";
import { notify } from "~/lib/toast";

/** Spec sections 4 and 9: 60 s between two sends. */
export const RESEND_COOLDOWN_SECONDS = 60;

export const VERIFICATION_SENT_TOAST = {
  title: "Verification email sent",
  description: "Check your inbox and spam folder for the verification link.",
} as const;

// Module level, so the cooldown survives the gate unmounting (e.g. moving between screens) and
// the screens that just caused an email (signup, email change) can start it.
let cooldownUntil = 0;
const listeners = new Set<() => void>();

/** Starts the shared cooldown: after signup or an email change the server has just sent a link. */
export function startResendCooldown(seconds: number = RESEND_COOLDOWN_SECONDS) {
  cooldownUntil = Date.now() + seconds * 1000;
  listeners.forEach((l) => l());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The 'Resend Verification Email' action: 'Sending...' in flight; after a success a 60 s
 * cooldown ('Resend in {n}s', disabled). A 429 with details.retryAfterSeconds starts the
 * countdown from the server's figure.
 */
export function useResendVerification() {
  const send = useSendVerification();
  const queryClient = useQueryClient();
  const until = useSyncExternalStore(
    subscribe,
    () => cooldownUntil,
    () => 0,
  );
  // Re-render once a second while the cooldown runs; the count is read from the clock.
  const [, setTick] = useState(0);
  useEffect(() => {
    if (until <= Date.now()) return;
    const id = setInterval(() => {
      setTick((t) => t + 1);
      if (Date.now() >= until) clearInterval(id);
    }, 1000);
    return () => clearInterval(id);
  }, [until]);

  const secondsLeft = until > 0 ? Math.max(0, Math.ceil((until - Date.now()) / 1000)) : 0;

  const startCooldown = useCallback((seconds: number) => startResendCooldown(seconds), []);

  const { mutate, isPending } = send;
  const resend = useCallback(() => {
    if (isPending || cooldownUntil > Date.now()) return;
    mutate(undefined, {
      onSuccess: (result) => {
        if (/already verified/i.test(result.message)) {
          notify({ title: "Email already verified", description: result.message, variant: "success" });
          void queryClient.invalidateQueries({ queryKey: AUTH_ME_KEY });
          return;
        }
        notify({ ...VERIFICATION_SENT_TOAST, variant: "success" });
        startCooldown(RESEND_COOLDOWN_SECONDS);
      },
      onError: (failure) => {
        if (failure.status === 429 && failure.retryAfterSeconds) startCooldown(failure.retryAfterSeconds);
        notify({
          title: "Error",
          description: failure.message || AUTH_MESSAGES.sendVerificationFailed,
          variant: "destructive",
        });
      },
    });
  }, [isPending, mutate, queryClient, startCooldown]);

  const label = isPending ? "Sending..." : secondsLeft > 0 ? `Resend in ${secondsLeft}s` : "Resend Verification Email";

  return { resend, isPending, secondsLeft, coolingDown: secondsLeft > 0, label };
}
