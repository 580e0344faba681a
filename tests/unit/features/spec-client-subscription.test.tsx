import { focusManager, notifyManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AUTH_ME_KEY } from "~/features/account/session";
import {
  FREE_FALLBACK_STATUS,
  getKnownSubscription,
  SUBSCRIPTION_KEY,
  useResetBillingCacheOnUserChange,
  useSubscription,
} from "~/features/account/subscription";
import { detachedContainer } from "../support/react-container";

// Spec section 4: "Subscription status: fetched when authenticated and again on window focus. On
// logout it is cleared, the error is cleared, loading is off and the cached subscription query is
// removed." Section 8: "Subscription status 401: treat the user as unauthenticated and use the free
// fallback. Other errors keep the existing status and record the message, or 'Failed to fetch
// subscription'."

const USER = { id: 7, username: "merchant", email: "m@store.test", emailVerified: true };
const PAID = {
  plan: "pro",
  planName: "Growth",
  features: { queriesPerDay: 200 },
  hasActiveSubscription: true,
  subscriptionStatus: "active",
  customerId: "cus_1",
  subscriptionId: "sub_1",
  cancelAtPeriodEnd: false,
  currentPeriodEnd: "2026-12-31T00:00:00.000Z",
};

type Answer = { status: number; body: string };
const json = (status: number, body: unknown): Answer => ({ status, body: JSON.stringify(body) });

/** The answers /api/subscription-status gives, in order (the last one repeats); /api/auth/me answers the user. */
function stubApi(answers: Answer[]) {
  const calls: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), "http://app.test").pathname;
    calls.push(path);
    if (path === "/api/auth/me") return new Response(JSON.stringify({ data: USER }), { status: 200 });
    if (path === "/api/subscription-status") {
      const answer = answers.length > 1 ? answers.shift()! : answers[0];
      return new Response(answer.body, { status: answer.status });
    }
    return new Response("not stubbed", { status: 404 });
  });
  vi.stubGlobal("fetch", fetchImpl);
  return { calls, count: (path: string) => calls.filter((c) => c === path).length };
}

type View = ReturnType<typeof useSubscription>;

/** Runs the hooks in a real React root; the container is all React DOM needs when nothing renders. */
function renderSubscription(queryClient: QueryClient) {
  const doc = { nodeType: 9, cookie: "", addEventListener: () => {}, removeEventListener: () => {}, activeElement: null };
  vi.stubGlobal("document", doc);
  vi.stubGlobal("window", { document: doc, HTMLIFrameElement: class {}, addEventListener: () => {}, removeEventListener: () => {} });
  const container = detachedContainer(doc);
  const view = { current: undefined as unknown as View };
  function Probe() {
    useResetBillingCacheOnUserChange();
    view.current = useSubscription();
    return null;
  }
  let root: Root;
  act(() => {
    root = createRoot(container);
    mounted.push(root);
    root.render(
      <QueryClientProvider client={queryClient}>
        <Probe />
      </QueryClientProvider>,
    );
  });
  return { view, unmount: () => act(() => root.unmount()) };
}

// A failed test must not leave its root listening to the focus manager for the next one.
const mounted: Root[] = [];

/** Lets the stubbed fetches and React's updates settle until `check` passes. */
async function settle(check: () => void) {
  for (let attempt = 0; ; attempt++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    try {
      check();
      return;
    } catch (err) {
      if (attempt >= 50) throw err;
    }
  }
}

function signedInClient() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false } } });
  queryClient.setQueryData(AUTH_ME_KEY, USER);
  return queryClient;
}

/** What a window focus does: the focus manager hears the page become visible again. */
function focusWindow() {
  act(() => {
    focusManager.setFocused(false);
    focusManager.setFocused(true);
  });
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // The query client's notifications reach React inside act, as a test renderer's would.
  notifyManager.setNotifyFunction((fn) => act(fn));
});

afterEach(() => {
  for (const root of mounted.splice(0)) act(() => root.unmount());
  notifyManager.setNotifyFunction((fn) => fn());
  focusManager.setFocused(undefined);
  vi.unstubAllGlobals();
});

describe("subscription status on the client (spec 4 and 8)", () => {
  it("is fetched when signed in and again on window focus, although the client never refetches on focus by default", async () => {
    const api = stubApi([json(200, { success: true, data: PAID })]);
    const queryClient = signedInClient();
    const { view, unmount } = renderSubscription(queryClient);
    await settle(() => expect(view.current.status?.plan).toBe("pro"));
    expect(api.count("/api/subscription-status")).toBe(1);
    expect(view.current.isPaid).toBe(true);

    focusWindow();
    await settle(() => expect(api.count("/api/subscription-status")).toBe(2));
    unmount();
  });

  it("a failed refetch keeps the status it had and records 'Failed to fetch subscription', or the server's message", async () => {
    const api = stubApi([
      json(200, { success: true, data: PAID }),
      { status: 500, body: "Internal Server Error" },
      json(503, { success: false, message: "Billing is taking a break" }),
      json(200, { success: true, data: PAID }),
    ]);
    const queryClient = signedInClient();
    const { view, unmount } = renderSubscription(queryClient);
    await settle(() => expect(view.current.status?.plan).toBe("pro"));
    expect(view.current.error).toBeNull();

    focusWindow();
    await settle(() => expect(view.current.error).toBe("Failed to fetch subscription"));
    expect(view.current.status).toEqual(PAID);
    expect(view.current.isPaid).toBe(true);

    focusWindow();
    await settle(() => expect(view.current.error).toBe("Billing is taking a break"));
    expect(view.current.status).toEqual(PAID);

    // The next good answer clears the message.
    focusWindow();
    await settle(() => expect(view.current.error).toBeNull());
    expect(api.count("/api/subscription-status")).toBe(4);
    unmount();
  });

  it("a 401 is no error: the free fallback applies and the current user is checked again", async () => {
    const api = stubApi([json(200, { success: true, data: PAID }), json(401, { success: false, message: "Not signed in" })]);
    const queryClient = signedInClient();
    const { view, unmount } = renderSubscription(queryClient);
    await settle(() => expect(view.current.status?.plan).toBe("pro"));
    expect(api.count("/api/auth/me")).toBe(0);

    focusWindow();
    await settle(() => expect(view.current.status?.plan).toBe("free"));
    expect(view.current.status).toEqual(FREE_FALLBACK_STATUS);
    expect(view.current.error).toBeNull();
    expect(view.current.isFree).toBe(true);
    await settle(() => expect(api.count("/api/auth/me")).toBe(1));
    unmount();
  });

  it("on sign-out the status and the error are cleared, loading is off and the cached plan is gone", async () => {
    stubApi([json(200, { success: true, data: PAID }), { status: 500, body: "Internal Server Error" }]);
    const queryClient = signedInClient();
    const { view, unmount } = renderSubscription(queryClient);
    await settle(() => expect(view.current.status?.plan).toBe("pro"));
    focusWindow();
    await settle(() => expect(view.current.error).toBe("Failed to fetch subscription"));
    expect(getKnownSubscription()?.plan).toBe("pro");

    act(() => queryClient.setQueryData(AUTH_ME_KEY, null));
    await settle(() => expect(view.current.status).toBeNull());
    expect(view.current.error).toBeNull();
    expect(view.current.isLoading).toBe(false);
    expect(view.current.isPaid).toBe(false);
    expect(getKnownSubscription()).toBeNull();
    expect(queryClient.getQueryData(SUBSCRIPTION_KEY)).toBeUndefined();
    unmount();
  });
});
