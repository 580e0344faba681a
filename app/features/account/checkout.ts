/**
 * Starting a Growth purchase. Signed-in users get the checkout URL from /api/billing/checkout
 * (a Stripe Payment Link, or the offline /dev/checkout) and it opens in a new tab; signed-out
 * visitors go to sign-up with the chosen plan.
 */
import { useNavigate } from "@remix-run/react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { growthCheckoutHref, type BillingInterval } from "~/domain/pricing";
import { apiRequest, errorMessage, HttpError } from "~/lib/http";
import { useCurrentUser } from "./session";
import { notify } from "~/lib/toast";

export interface CheckoutLink {
  url: string;
  provider: "stripe" | "dev";
}

export const CHECKOUT_ERROR = "Could not open checkout";
const CHECKOUT_LINK_STALE_MS = 5 * 60 * 1000;

export function checkoutQueryKey(interval: BillingInterval) {
  return [`/api/billing/checkout?interval=${interval}`] as const;
}

async function fetchCheckoutLink(interval: BillingInterval): Promise<CheckoutLink> {
  const res = await apiRequest("GET", `/api/billing/checkout?interval=${interval}`);
  const body = (await res.json()) as { data: CheckoutLink };
  return body.data;
}

/** Opens a URL in a new tab without giving it a handle on this one. */
export function openInNewTab(url: string) {
  window.open(url, "_blank", "noopener");
}

export function useGrowthCheckout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const signedIn = Boolean(user);
  const [pending, setPending] = useState<BillingInterval | null>(null);
  const [opened, setOpened] = useState<{ interval: BillingInterval; url: string } | null>(null);

  const load = useCallback(
    (interval: BillingInterval) =>
      queryClient.fetchQuery({
        queryKey: checkoutQueryKey(interval),
        queryFn: () => fetchCheckoutLink(interval),
        staleTime: CHECKOUT_LINK_STALE_MS,
      }),
    [queryClient],
  );

  /** Fetches the link ahead of the click, so the new tab opens inside the click itself. */
  const prefetch = useCallback(
    (interval: BillingInterval) => {
      if (signedIn) load(interval).catch(() => {});
    },
    [signedIn, load],
  );

  const start = useCallback(
    async (interval: BillingInterval) => {
      if (!signedIn) {
        navigate(growthCheckoutHref(interval));
        return;
      }
      const open = (link: CheckoutLink) => {
        openInNewTab(link.url);
        setOpened({ interval, url: link.url });
      };
      const state = queryClient.getQueryState<CheckoutLink>(checkoutQueryKey(interval));
      if (state?.data && Date.now() - state.dataUpdatedAt < CHECKOUT_LINK_STALE_MS) {
        open(state.data);
        return;
      }
      setPending(interval);
      try {
        open(await load(interval));
      } catch (err) {
        if (err instanceof HttpError && err.status === 401) {
          navigate(growthCheckoutHref(interval));
          return;
        }
        notify({
          title: CHECKOUT_ERROR,
          description: errorMessage(err, "Please try again in a moment."),
          variant: "destructive",
        });
      } finally {
        setPending(null);
      }
    },
    [signedIn, navigate, queryClient, load],
  );

  return { start, prefetch, pending, opened, signedIn, reset: () => setOpened(null) };
}
