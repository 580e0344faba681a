import { afterEach, describe, expect, it, vi } from "vitest";
import { createProject, fetchProjectChats, fetchProjects } from "~/features/projects/projects-client";

function answer(status: number, body: unknown) {
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the project API client", () => {
  it("raises the error starting with PROJECT_QUOTA_EXCEEDED on the quota 403, with the server's message", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const message = "Your free plan holds 3 projects at once. Upgrade to Growth for more projects, or delete one you no longer use.";
    const fetch = answer(403, { error: "Quota exceeded", type: "QUOTA_EXCEEDED", message, details: { allowance: "projects", limit: 3 } });
    vi.stubGlobal("fetch", fetch);
    const err = await createProject({ name: "Fourth", businessInstructions: "" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe(`PROJECT_QUOTA_EXCEEDED: ${message}`);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toMatch(/^\/api\/projects\?_t=\d+$/);
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ name: "Fourth", businessInstructions: "" });
  });

  it("keeps other refusals as the request client's error (a 409 name clash)", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubGlobal("fetch", answer(409, { error: "Conflict", type: "CONFLICT", message: 'You already have a project named "A".' }));
    const err = (await createProject({ name: "A" }).catch((e: unknown) => e)) as { status?: number; message: string };
    expect(err.status).toBe(409);
    expect(err.message.startsWith("PROJECT_QUOTA_EXCEEDED")).toBe(false);
  });

  it("lists projects without blank names, and words a failure 'Failed to refresh projects: {status}'", async () => {
    const ok = { success: true, data: [{ id: "a", name: "Shop" }, { id: "b", name: " " }] };
    vi.stubGlobal("fetch", answer(200, ok));
    expect((await fetchProjects()).map((p) => p.id)).toEqual(["a"]);

    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubGlobal("fetch", answer(500, { error: "Internal error", type: "INTERNAL", message: "x" }));
    await expect(fetchProjects()).rejects.toThrow("Failed to refresh projects: 500");
  });

  it("lists a project's chats from GET /api/chats, newest first", async () => {
    const chat = (id: string, projectId: string | null, updatedAt: string) => ({ id, title: id, projectId, createdAt: updatedAt, updatedAt, messageCount: 0 });
    vi.stubGlobal(
      "fetch",
      answer(200, { chats: [chat("old", "p1", "2026-01-01T00:00:00Z"), chat("other", "p2", "2026-01-03T00:00:00Z"), chat("new", "p1", "2026-01-02T00:00:00Z"), chat("loose", null, "2026-01-04T00:00:00Z")] }),
    );
    expect((await fetchProjectChats("p1")).map((c) => c.id)).toEqual(["new", "old"]);
  });
});

describe("the quota's upgrade modal", () => {
  it("opens with the project limit's title and the server's message", async () => {
    const { openProjectQuotaModal } = await import("~/features/projects/create-project-dialog");
    const { ProjectQuotaError } = await import("~/features/projects/project-logic");
    const { UPGRADE_MODAL_EVENT } = await import("~/features/billing/upgrade-events");
    const opened: unknown[] = [];
    const target = new EventTarget();
    target.addEventListener(UPGRADE_MODAL_EVENT, (e) => opened.push((e as CustomEvent).detail));
    vi.stubGlobal("window", target);
    openProjectQuotaModal(new ProjectQuotaError("Your free plan holds 3 projects at once.", 3));
    expect(opened).toEqual([
      { feature: "generate", title: "Project limit reached", message: "Your free plan holds 3 projects at once.", limitLabel: "0 projects left" },
    ]);
  });
});
