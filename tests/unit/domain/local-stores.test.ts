import { afterEach, describe, expect, it, vi } from "vitest";
import {
  BACKUP_STALE_MS,
  CHAT_STORE_OPTIONS,
  createLocalStore,
  mergeChats,
  PROJECT_STORE_OPTIONS,
  type StorageLike,
  type StoredChat,
} from "~/domain/local-stores";

/** An in-memory Storage that can be told to be full. */
function memoryStorage(quota = Infinity): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem(k, v) {
      const used = [...data.entries()].reduce((n, [key, val]) => n + (key === k ? 0 : key.length + val.length), 0);
      if (used + k.length + v.length > quota) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      data.set(k, v);
    },
    removeItem: (k) => void data.delete(k),
    get length() {
      return data.size;
    },
    key: (i) => [...data.keys()][i] ?? null,
  };
}

const chat = (i: number, messages?: StoredChat["messages"]): StoredChat => ({
  id: `c${i}`,
  title: `Chat ${i}`,
  updatedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  ...(messages ? { messages } : {}),
});
const msg = (id: string, createdAt: string, content = id) => ({ id, role: "user", content, createdAt });

afterEach(() => vi.useRealTimers());

describe("the chat store", () => {
  it("keeps 50 chats in memory and persists the newest 20, for the signed-in user only", () => {
    const storage = memoryStorage();
    const store = createLocalStore<StoredChat>(CHAT_STORE_OPTIONS, () => storage);
    expect(store.getSnapshot()).toEqual([]);
    store.receive([chat(1)]);
    expect(store.getSnapshot()).toEqual([]); // nobody signed in: nothing kept or shown
    store.initUser(7);
    store.receive(Array.from({ length: 60 }, (_, i) => chat(i)));
    expect(store.getSnapshot()).toHaveLength(50);
    expect(store.getSnapshot()[0].id).toBe("c59");
    const persisted = JSON.parse(storage.data.get("chat-store")!);
    expect(persisted.state.userId).toBe(7);
    expect(persisted.state.items).toHaveLength(20);
    expect(persisted.state.items[0].id).toBe("c59");

    // Another user signing in on this browser never sees user 7's chats.
    const other = createLocalStore<StoredChat>(CHAT_STORE_OPTIONS, () => storage);
    other.initUser(8);
    expect(other.getSnapshot()).toEqual([]);
  });

  it("backs up with a timestamp, restores a fresh backup and drops a stale one", () => {
    const storage = memoryStorage();
    let now = Date.UTC(2026, 5, 1);
    const store = createLocalStore<StoredChat>(CHAT_STORE_OPTIONS, () => storage, () => now);
    store.initUser(3);
    store.receive([chat(1), chat(2)]);
    store.backupNow();
    const backup = JSON.parse(storage.data.get("user_3_chats")!);
    expect(backup).toEqual({ timestamp: now, data: [chat(2), chat(1)] });

    storage.data.delete("chat-store");
    now += BACKUP_STALE_MS - 1000; // 29.99 days on: still fresh
    const fresh = createLocalStore<StoredChat>(CHAT_STORE_OPTIONS, () => storage, () => now);
    fresh.initUser(3);
    expect(fresh.getSnapshot().map((c) => c.id)).toEqual(["c2", "c1"]);

    now += 2000; // past 30 days: ignored and removed
    const stale = createLocalStore<StoredChat>(CHAT_STORE_OPTIONS, () => storage, () => now);
    stale.initUser(3);
    expect(stale.getSnapshot()).toEqual([]);
    expect(storage.data.has("user_3_chats")).toBe(false);
  });

  it("on logout backs up first, then clears the user id after 100 ms", async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const store = createLocalStore<StoredChat>(CHAT_STORE_OPTIONS, () => storage);
    store.initUser(5);
    store.receive([chat(1)]);
    const done = store.logout();
    expect(JSON.parse(storage.data.get("user_5_chats")!).data).toEqual([chat(1)]);
    expect(store.userId).toBe(5);
    vi.advanceTimersByTime(99);
    expect(store.userId).toBe(5);
    vi.advanceTimersByTime(1);
    await done;
    expect(store.userId).toBeNull();
    expect(store.getSnapshot()).toEqual([]);
    // The data stays in storage, out of view.
    expect(storage.data.has("user_5_chats")).toBe(true);
  });

  it("when storage is full, cleans the chat keys, keeps 10 chats and only 20 in memory from then on", () => {
    const storage = memoryStorage(6000);
    storage.data.set("user_99_chats", JSON.stringify({ timestamp: Date.now(), data: Array.from({ length: 30 }, (_, i) => chat(i)) }));
    storage.data.set("theme", "dark");
    const store = createLocalStore<StoredChat>(CHAT_STORE_OPTIONS, () => storage);
    store.initUser(1);
    store.receive(Array.from({ length: 40 }, (_, i) => chat(i, [msg(`m${i}`, "2026-01-01T00:00:00Z", "x".repeat(40))])));
    expect(storage.data.has("user_99_chats")).toBe(false); // another user's backup went
    expect(storage.data.get("theme")).toBe("dark"); // nothing else is touched
    expect(store.getSnapshot()).toHaveLength(10);
    expect(store.memoryCap).toBe(20);
    store.receive(Array.from({ length: 40 }, (_, i) => chat(100 + i)));
    expect(store.getSnapshot().length).toBeLessThanOrEqual(20);
  });
});

describe("merging never loses a message", () => {
  it.each([
    ["the server adds a message", [chat(1, [msg("a", "1")])], [chat(1, [msg("a", "1"), msg("b", "2")])], ["a", "b"]],
    ["the server lacks a message the browser saw", [chat(1, [msg("a", "1"), msg("b", "2")])], [chat(1, [msg("a", "1")])], ["a", "b"]],
    ["the server's copy of a message wins", [chat(1, [msg("a", "1", "old")])], [chat(1, [msg("a", "1", "new")])], ["a"]],
    ["a summary without messages keeps the local ones", [chat(1, [msg("a", "1")])], [chat(1)], ["a"]],
  ])("%s", (_name, local, incoming, ids) => {
    const [merged] = mergeChats(local, incoming);
    expect(merged.messages?.map((m) => m.id)).toEqual(ids);
  });

  it("takes the server's title and order, and keeps chats it does not mention until they are deleted", () => {
    const merged = mergeChats([chat(1), { ...chat(2), title: "Old" }], [{ ...chat(2), title: "Renamed" }]);
    expect(merged.find((c) => c.id === "c2")!.title).toBe("Renamed");
    expect(merged.map((c) => c.id).sort()).toEqual(["c1", "c2"]);
    expect(mergeChats([chat(1, [msg("a", "1", "old")])], [chat(1, [msg("a", "1", "new")])])[0].messages![0].content).toBe("new");
  });
});

describe("the project store", () => {
  it("uses the spec's keys, and a full storage clears the project list", () => {
    const storage = memoryStorage(400);
    const store = createLocalStore<{ id: string; name: string; updatedAt: string }>(PROJECT_STORE_OPTIONS, () => storage);
    store.initUser(2);
    store.receive([{ id: "p1", name: "Store A", updatedAt: "2026-01-01" }]);
    store.backupNow();
    expect(JSON.parse(storage.data.get("user_2_projects")!).data[0].name).toBe("Store A");
    store.receive(Array.from({ length: 20 }, (_, i) => ({ id: `p${i + 2}`, name: "x".repeat(30), updatedAt: `2026-02-${10 + i}` })));
    expect(store.getSnapshot()).toEqual([]);
  });

  it("persists the last 50 projects, newest first (the chat store keeps 20)", () => {
    const storage = memoryStorage(1_000_000);
    const store = createLocalStore<{ id: string; name: string; updatedAt: string }>(PROJECT_STORE_OPTIONS, () => storage);
    store.initUser(3);
    const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString();
    store.receive(Array.from({ length: 60 }, (_, i) => ({ id: `p${i}`, name: `Store ${i}`, updatedAt: day(i) })));
    const persisted = JSON.parse(storage.data.get("project-store")!).state.items as { id: string }[];
    expect(persisted).toHaveLength(50);
    expect(persisted[0].id).toBe("p59");
    expect(persisted.at(-1)!.id).toBe("p10");
  });
});
