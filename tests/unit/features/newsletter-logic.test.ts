import { describe, expect, it } from "vitest";
import { FAILURE_FALLBACK, SUBSCRIBED_TOAST, subscriptionFailedToast } from "~/features/newsletter/newsletter-logic";
import { HttpError, NETWORK_MESSAGES, NetworkError } from "~/lib/http";

const httpError = (status: number, body: Record<string, unknown>) =>
  new HttpError(`${status}: ${JSON.stringify(body)}`, status, JSON.stringify(body), body.type as string, body.message as string);

describe("newsletter toasts", () => {
  it("success says the spec's words", () => {
    expect(SUBSCRIBED_TOAST).toEqual({
      title: "Success!",
      description: "You've been subscribed to our newsletter. Welcome aboard!",
      variant: "success",
    });
  });

  it("a refused address shows the field's own message, not the 'email: …' prefix", () => {
    const err = httpError(400, {
      type: "VALIDATION",
      message: "email: email must be a valid email address, like you@store.com",
      details: { fields: [{ path: "email", message: "email must be a valid email address, like you@store.com" }] },
    });
    expect(subscriptionFailedToast(err)).toEqual({
      title: "Subscription failed",
      description: "Email must be a valid email address, like you@store.com",
      variant: "destructive",
    });
  });

  it("the service failing shows the server's message", () => {
    const err = httpError(503, { type: "UNAVAILABLE", message: "The newsletter service is not answering right now. Please try again in a few minutes." });
    expect(subscriptionFailedToast(err).description).toBe("The newsletter service is not answering right now. Please try again in a few minutes.");
  });

  it("falls back to the spec's message when the server said nothing readable", () => {
    expect(subscriptionFailedToast(new HttpError("502: Bad Gateway", 502, "Bad Gateway")).description).toBe(FAILURE_FALLBACK);
    expect(subscriptionFailedToast(new Error("boom")).description).toBe("Something went wrong. Please try again.");
  });

  it("a network failure says so", () => {
    expect(subscriptionFailedToast(new NetworkError("network")).description).toBe(NETWORK_MESSAGES.network);
  });
});
