/** The newsletter form's rules: the spec's toasts (section 7) and the message a failure shows. */
import { HttpError, NetworkError } from "~/lib/http";
import type { ToastInput } from "~/lib/toast";

export type NewsletterSource = "landing" | "help";

export const SUBSCRIBED_TOAST: ToastInput = {
  title: "Success!",
  description: "You've been subscribed to our newsletter. Welcome aboard!",
  variant: "success",
};

export const FAILURE_FALLBACK = "Something went wrong. Please try again.";

/**
 * The failure toast: the server's words, or the spec's fallback. A validation answer names the
 * field ("email: …"); the toast sits under the email box, so it shows the field's own message.
 */
export function subscriptionFailedToast(err: unknown): ToastInput {
  return { title: "Subscription failed", description: failureMessage(err), variant: "destructive" };
}

function failureMessage(err: unknown): string {
  if (err instanceof NetworkError) return err.message;
  if (!(err instanceof HttpError)) return FAILURE_FALLBACK;
  if (err.type === "VALIDATION") {
    const field = fieldMessage(err.body);
    if (field) return field;
  }
  return err.serverMessage || FAILURE_FALLBACK;
}

function fieldMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { details?: { fields?: { message?: unknown }[] } };
    const message = parsed.details?.fields?.[0]?.message;
    return typeof message === "string" && message ? capitalize(message) : null;
  } catch {
    return null;
  }
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
