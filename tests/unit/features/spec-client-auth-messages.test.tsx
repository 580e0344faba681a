/**
 * Spec section 8: "Non-Error failures: 'An unexpected error occurred during login. Please try
 * again.' and the same for signup." A browser can't make fetch throw something that is not an
 * Error (the request client wraps every fetch failure in a NetworkError, tested on screen in
 * tests/e2e/spec-client-auth-landing.test.ts), so the login and signup hooks run here in a React
 * root with the request client answering with a thrown non-Error.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ApiFailure, useLogin, useSignup } from "~/features/auth/auth-client";
import { apiRequest } from "~/lib/http";
import { detachedContainer } from "../support/react-container";

vi.mock("~/lib/http", async (importOriginal) => ({ ...(await importOriginal<typeof import("~/lib/http")>()), apiRequest: vi.fn() }));

type Mutation = { mutateAsync: (input: never) => Promise<unknown> };

/** Runs a mutation hook in a real React root (it renders nothing) under a fresh QueryClient. */
function renderMutation(useHook: () => Mutation) {
  const doc = { nodeType: 9, addEventListener: () => {}, removeEventListener: () => {}, activeElement: null };
  vi.stubGlobal("document", doc);
  // React DOM reads window.event and window.HTMLIFrameElement while it commits.
  vi.stubGlobal("window", { document: doc, HTMLIFrameElement: class {} });
  const container = detachedContainer(doc);
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const view = { current: undefined as unknown as Mutation };
  function Probe() {
    view.current = useHook();
    return null;
  }
  let root: Root;
  act(() => {
    root = createRoot(container);
    root.render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    );
  });
  return { view, unmount: () => act(() => root.unmount()) };
}

async function failureOf(useHook: () => Mutation, input: unknown): Promise<ApiFailure> {
  const { view, unmount } = renderMutation(useHook);
  let failure: unknown;
  await act(async () => {
    await view.current.mutateAsync(input as never).catch((err: unknown) => (failure = err));
  });
  unmount();
  if (!failure) throw new Error("the mutation did not fail");
  return failure as ApiFailure;
}

const LOGIN = { username: "someone@store.test", password: "violet-harbor-lantern-42" };
const SIGNUP = { username: "someone", email: "someone@store.test", password: "violet-harbor-lantern-42" };

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.mocked(apiRequest).mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("sign-in failures that are not Errors", () => {
  it("login: a thrown non-Error reads 'An unexpected error occurred during login. Please try again.'", async () => {
    vi.mocked(apiRequest).mockRejectedValue("connection dropped");
    const failure = await failureOf(useLogin, LOGIN);
    expect(failure.message).toBe("An unexpected error occurred during login. Please try again.");
    expect(failure.status).toBeNull();
    expect(vi.mocked(apiRequest).mock.calls).toEqual([["POST", "/api/auth/login", LOGIN, { repeatable: false }]]);
  });

  it("signup: a thrown non-Error reads 'An unexpected error occurred during signup. Please try again.'", async () => {
    vi.mocked(apiRequest).mockRejectedValue({ reason: "aborted" });
    const failure = await failureOf(useSignup, SIGNUP);
    expect(failure.message).toBe("An unexpected error occurred during signup. Please try again.");
    expect(failure.status).toBeNull();
    expect(vi.mocked(apiRequest).mock.calls).toEqual([["POST", "/api/auth/signup", SIGNUP, { repeatable: false }]]);
  });

  it("an unreadable answer: a non-Error from the body reader is unexpected; an Error (a browser's SyntaxError) is 'Failed to login' / 'Failed to sign up'", async () => {
    const unreadable = (thrown: unknown) => ({ ok: true, status: 200, json: () => Promise.reject(thrown) }) as unknown as Response;
    vi.mocked(apiRequest).mockResolvedValue(unreadable("not json"));
    expect((await failureOf(useLogin, LOGIN)).message).toBe("An unexpected error occurred during login. Please try again.");
    // An Error (what a browser's json() throws) is a failure the spec words as the fallback instead.
    vi.mocked(apiRequest).mockResolvedValue(unreadable(new SyntaxError("Unexpected token <")));
    expect((await failureOf(useLogin, LOGIN)).message).toBe("Failed to login");
    vi.mocked(apiRequest).mockResolvedValue(unreadable(new SyntaxError("Unexpected token <")));
    expect((await failureOf(useSignup, SIGNUP)).message).toBe("Failed to sign up");
  });
});
