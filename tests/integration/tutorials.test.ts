import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { TUTORIALS } from "~/domain/tutorials";
import { BASE, call, seedSampleCatalog, uniqueName, verifiedUser } from "./helpers";
import { WORKER } from "./worker";

type User = Awaited<ReturnType<typeof verifiedUser>>;
type Step = { id: string; state: string; completion: string; doneAt: string | null };
type Tutorial = { id: string; done: number; total: number; nextStepId: string | null; steps: Step[] };

async function progress(user: User): Promise<Tutorial[]> {
  const { status, json } = await call("/api/tutorials/progress", { token: user.token });
  expect(status).toBe(200);
  return json.data as Tutorial[];
}

const stepOf = (list: Tutorial[], tutorialId: string, stepId: string) =>
  list.find((t) => t.id === tutorialId)!.steps.find((s) => s.id === stepId)!;

const tick = (user: User, tutorialId: string, stepId: string, done: boolean) =>
  call(`/api/tutorials/progress/${tutorialId}/${stepId}`, { method: "PUT", token: user.token, body: { done } });

beforeAll(async () => {
  await seedSampleCatalog();
});

describe("tutorial progress", () => {
  it("lists every tutorial with every step to do for a new user", async () => {
    const user = await verifiedUser();
    const list = await progress(user);
    expect(list.map((t) => t.id)).toEqual(TUTORIALS.map((t) => t.id));
    for (const tutorial of list) {
      const definition = TUTORIALS.find((t) => t.id === tutorial.id)!;
      expect(tutorial.done).toBe(0);
      expect(tutorial.total).toBe(definition.steps.length);
      expect(tutorial.nextStepId).toBe(definition.steps[0]!.id);
      expect(tutorial.steps.map((s) => [s.id, s.state, s.completion])).toEqual(
        definition.steps.map((s) => [s.id, "todo", s.check ? "action" : "hand"]),
      );
    }
  });

  it("ticks 'create a project' and 'add instructions' by action when a project is created through the API", async () => {
    const user = await verifiedUser();
    const before = Date.now();
    const created = await call("/api/projects", {
      method: "POST",
      token: user.token,
      body: { name: "Yoga mats", businessInstructions: "We sell eco yoga mats to women aged 25-40." },
    });
    expect(created.status).toBe(201);
    const list = await progress(user);
    const project = stepOf(list, "set-up-project", "create-project");
    expect(project.state).toBe("done_by_action");
    expect(Date.parse(project.doneAt!)).toBeGreaterThanOrEqual(before - 1000);
    // The instructions column keeps no time of its own, so none is claimed.
    expect(stepOf(list, "set-up-project", "instructions")).toMatchObject({ state: "done_by_action", doneAt: null });
    expect(stepOf(list, "set-up-project", "knowledge-file").state).toBe("todo");
    const setUp = list.find((t) => t.id === "set-up-project")!;
    expect(setUp).toMatchObject({ done: 2, nextStepId: "knowledge-file" });
  });

  it("does not tick 'add instructions' for a project without them, and ticks the knowledge file on upload", async () => {
    const user = await verifiedUser();
    const { json } = await call("/api/projects", { method: "POST", token: user.token, body: { name: "Blank", businessInstructions: "   " } });
    let list = await progress(user);
    expect(stepOf(list, "set-up-project", "instructions").state).toBe("todo");

    const form = new FormData();
    form.append("file", new File(["Our supplier ships in 5 days."], "supplier.txt", { type: "text/plain" }));
    const res = await WORKER.fetch(`${BASE}/api/projects/${json.data.id}/files`, {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    expect(res.status).toBeLessThan(300);
    list = await progress(user);
    expect(stepOf(list, "set-up-project", "knowledge-file").state).toBe("done_by_action");
  });

  it("ticks 'save it to a list' when a product is saved through the Explorer's API, and unticks it when the list is emptied", async () => {
    const user = await verifiedUser();
    expect((await call("/api/catalog/products/P-0002/saves", { method: "POST", token: user.token, body: { list: "Ideas" } })).status).toBe(200);
    expect(stepOf(await progress(user), "first-winning-product", "save-to-list").state).toBe("done_by_action");
    await call("/api/catalog/products/P-0002/saves/Ideas", { method: "DELETE", token: user.token });
    expect(stepOf(await progress(user), "first-winning-product", "save-to-list").state).toBe("todo");
  });

  it("ticks the page, publish and Shopify CSV steps through the pages API", async () => {
    const user = await verifiedUser();
    await env.DB.prepare("INSERT INTO subscriptions (user_id, plan, status) VALUES (?, 'automation', 'active')").bind(user.user.id).run();
    const created = await call("/api/pages", { method: "POST", token: user.token, body: { productId: "P-0001" } });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const page = created.json.data.page as { id: string };
    let list = await progress(user);
    expect(stepOf(list, "publish-a-page", "create-page").state).toBe("done_by_action");
    expect(stepOf(list, "export-to-shopify", "page-ready").state).toBe("done_by_action");
    expect(stepOf(list, "publish-a-page", "publish").state).toBe("todo");
    expect(stepOf(list, "export-to-shopify", "export").state).toBe("todo");

    await call(`/api/pages/${page.id}`, { method: "PATCH", token: user.token, body: { buyUrl: "https://shop.example/cart/add?id=1" } });
    const published = await call(`/api/pages/${page.id}/publish`, { method: "POST", token: user.token });
    expect(published.status, JSON.stringify(published.json)).toBe(200);
    const csv = await call(`/api/pages/${page.id}/export/shopify-csv`, { token: user.token });
    expect(csv.status).toBe(200);
    // Unpublishing afterwards does not take back that the page was published.
    await call(`/api/pages/${page.id}/unpublish`, { method: "POST", token: user.token });

    list = await progress(user);
    expect(stepOf(list, "publish-a-page", "publish").state).toBe("done_by_action");
    expect(stepOf(list, "export-to-shopify", "export").state).toBe("done_by_action");
    expect(list.find((t) => t.id === "publish-a-page")).toMatchObject({ done: 2, nextStepId: "review-live" });
  });

  it("ticks the chat steps from an answered chat, not from a question alone", async () => {
    const user = await verifiedUser();
    const id = (await call("/api/projects", { method: "POST", token: user.token, body: { name: "Chats" } })).json.data.id as string;
    const db = env.DB;
    await db.prepare("INSERT INTO chats (id, user_id, project_id, title) VALUES (?, ?, ?, 'Q')").bind(`c-${id}`, user.user.id, id).run();
    await db
      .prepare("INSERT INTO messages (id, chat_id, user_id, role, content) VALUES (?, ?, ?, 'user', 'Which mats sell?')")
      .bind(`m1-${id}`, `c-${id}`, user.user.id)
      .run();
    let list = await progress(user);
    // A question without an answer is not an answered chat.
    expect(stepOf(list, "ask-the-chat", "ask").state).toBe("todo");
    await db
      .prepare("INSERT INTO messages (id, chat_id, user_id, parent_id, role, content) VALUES (?, ?, ?, ?, 'assistant', 'Cork mats.')")
      .bind(`m2-${id}`, `c-${id}`, user.user.id, `m1-${id}`)
      .run();
    list = await progress(user);
    expect(stepOf(list, "ask-the-chat", "ask").state).toBe("done_by_action");
    expect(stepOf(list, "ask-the-chat", "ask-in-project").state).toBe("done_by_action");
  });

  it("persists a hand tick as done_by_hand with its time, and unticks it", async () => {
    const user = await verifiedUser();
    const ticked = await tick(user, "first-winning-product", "filter", true);
    expect(ticked.status).toBe(200);
    expect(ticked.json.data).toMatchObject({ id: "first-winning-product", done: 1, nextStepId: "open-record" });
    // Ticking twice keeps one tick.
    expect((await tick(user, "first-winning-product", "filter", true)).json.data.done).toBe(1);

    const step = stepOf(await progress(user), "first-winning-product", "filter");
    expect(step.state).toBe("done_by_hand");
    expect(Number.isNaN(Date.parse(step.doneAt!))).toBe(false);

    const unticked = await tick(user, "first-winning-product", "filter", false);
    expect(unticked.status).toBe(200);
    expect(stepOf(await progress(user), "first-winning-product", "filter")).toMatchObject({ state: "todo", doneAt: null });
  });

  it("refuses to tick or untick a step that ticks itself, with a 409 saying why", async () => {
    const user = await verifiedUser();
    const notYet = await tick(user, "set-up-project", "create-project", true);
    expect(notYet.status).toBe(409);
    expect(notYet.json.type).toBe("CONFLICT");
    expect(notYet.json.message).toContain("cannot be ticked by hand");
    expect(notYet.json.message).toContain("when you have a project");

    await call("/api/projects", { method: "POST", token: user.token, body: { name: "Real" } });
    const untick = await tick(user, "set-up-project", "create-project", false);
    expect(untick.status).toBe(409);
    expect(untick.json.message).toContain("cannot be unticked by hand");
    expect(stepOf(await progress(user), "set-up-project", "create-project").state).toBe("done_by_action");
  });

  it("answers 404 for unknown tutorials and steps, 400 for a bad body", async () => {
    const user = await verifiedUser();
    const unknownTutorial = await tick(user, "no-such-tutorial", "filter", true);
    expect(unknownTutorial.status).toBe(404);
    expect(unknownTutorial.json.message).toContain("no-such-tutorial");
    expect((await tick(user, "first-winning-product", "no-such-step", true)).status).toBe(404);
    // A step id of another tutorial is not a step of this one.
    expect((await tick(user, "first-winning-product", "publish", true)).status).toBe(404);
    const bad = await call("/api/tutorials/progress/first-winning-product/filter", { method: "PUT", token: user.token, body: { done: "yes" } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain("done");
  });

  it("refuses signed-out callers with 401", async () => {
    expect((await call("/api/tutorials/progress")).status).toBe(401);
    expect((await call("/api/tutorials/progress/first-winning-product/filter", { method: "PUT", body: { done: true } })).status).toBe(401);
  });

  it("never shows one user's progress to another", async () => {
    const alice = await verifiedUser(uniqueName("alice"));
    const bob = await verifiedUser(uniqueName("bob"));
    await call("/api/projects", { method: "POST", token: alice.token, body: { name: "Alice's", businessInstructions: "Pet beds." } });
    await call("/api/catalog/products/P-0002/saves", { method: "POST", token: alice.token, body: { list: "Mine" } });
    await tick(alice, "first-winning-product", "filter", true);

    const bobs = await progress(bob);
    expect(bobs.every((t) => t.done === 0)).toBe(true);
    // Bob unticking the same step leaves Alice's tick alone.
    await tick(bob, "first-winning-product", "filter", false);
    const alices = await progress(alice);
    expect(stepOf(alices, "first-winning-product", "filter").state).toBe("done_by_hand");
    expect(stepOf(alices, "set-up-project", "create-project").state).toBe("done_by_action");
    expect(stepOf(alices, "first-winning-product", "save-to-list").state).toBe("done_by_action");
  });
});
