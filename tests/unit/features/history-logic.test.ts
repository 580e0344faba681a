import { describe, expect, it } from "vitest";
import {
  buildChatExport,
  dirLabel,
  exportFileName,
  highlightParts,
  mapLimited,
  nextSort,
  plural,
  relativeTime,
  selectionState,
  selectRange,
  shortDate,
  slugify,
  sortHistory,
  toggleAll,
  toggleOne,
  totalsLine,
} from "~/features/chat/history/history-logic";
import type { ChatDetail } from "~/features/chat/chat-logic";

const chat = (id: string, title: string, createdAt: string, updatedAt: string) => ({ id, title, createdAt, updatedAt });

describe("sorting", () => {
  const chats = [
    chat("a", "beta launch", "2026-01-03T00:00:00Z", "2026-01-05T00:00:00Z"),
    chat("b", "Alpha 10", "2026-01-01T00:00:00Z", "2026-01-09T00:00:00Z"),
    chat("c", "alpha 9", "2026-01-02T00:00:00Z", "2026-01-02T00:00:00Z"),
  ];

  it("orders by last update, creation or title (case-blind, numbers as numbers), either way", () => {
    const ids = (list: { id: string }[]) => list.map((c) => c.id);
    expect(ids(sortHistory(chats, { key: "updated", dir: "desc" }))).toEqual(["b", "a", "c"]);
    expect(ids(sortHistory(chats, { key: "updated", dir: "asc" }))).toEqual(["c", "a", "b"]);
    expect(ids(sortHistory(chats, { key: "created", dir: "desc" }))).toEqual(["a", "c", "b"]);
    expect(ids(sortHistory(chats, { key: "title", dir: "asc" }))).toEqual(["c", "b", "a"]);
    expect(ids(sortHistory(chats, { key: "title", dir: "desc" }))).toEqual(["a", "b", "c"]);
  });

  it("breaks ties by the last update, then the id, and never changes its input", () => {
    const same = [
      chat("y", "Same", "2026-01-01T00:00:00Z", "2026-01-01T00:00:00Z"),
      chat("x", "same", "2026-01-01T00:00:00Z", "2026-01-01T00:00:00Z"),
      chat("z", "same", "2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z"),
    ];
    const copy = [...same];
    expect(sortHistory(same, { key: "title", dir: "asc" }).map((c) => c.id)).toEqual(["z", "x", "y"]);
    expect(same).toEqual(copy);
  });

  it("reverses a column chosen again and starts another in its natural order", () => {
    expect(nextSort({ key: "updated", dir: "desc" }, "updated")).toEqual({ key: "updated", dir: "asc" });
    expect(nextSort({ key: "updated", dir: "desc" }, "title")).toEqual({ key: "title", dir: "asc" });
    expect(nextSort({ key: "title", dir: "asc" }, "created")).toEqual({ key: "created", dir: "desc" });
    expect(dirLabel("title", "asc")).toBe("A → Z");
    expect(dirLabel("created", "desc")).toBe("Newest first");
    expect(dirLabel("updated", "asc")).toBe("Oldest first");
  });
});

describe("selection", () => {
  const shown = ["a", "b", "c", "d"];

  it("knows none, some and all of the shown chats, ignoring hidden selected ones", () => {
    expect(selectionState(shown, new Set())).toBe("none");
    expect(selectionState(shown, new Set(["b", "zz"]))).toBe("some");
    expect(selectionState(shown, new Set(shown))).toBe("all");
    expect(selectionState([], new Set(["a"]))).toBe("none");
  });

  it("select-all adds every shown chat, or clears them when all are selected (hidden ones stay)", () => {
    expect([...toggleAll(shown, new Set(["b", "zz"]))].sort()).toEqual(["a", "b", "c", "d", "zz"]);
    expect([...toggleAll(shown, new Set([...shown, "zz"]))]).toEqual(["zz"]);
  });

  it("toggles one, and Shift selects the range from the last one toggled", () => {
    expect([...toggleOne(new Set(["a"]), "b")]).toEqual(["a", "b"]);
    expect([...toggleOne(new Set(["a"]), "a")]).toEqual([]);
    expect([...selectRange(shown, new Set(["a"]), "d", "b")].sort()).toEqual(["a", "b", "c", "d"]);
    expect([...selectRange(shown, new Set(), "a", "c")].sort()).toEqual(["a", "b", "c"]);
    // No anchor, or one no longer shown: just this one.
    expect([...selectRange(shown, new Set(), null, "c")]).toEqual(["c"]);
    expect([...selectRange(shown, new Set(), "gone", "c")]).toEqual(["c"]);
  });
});

describe("highlightParts", () => {
  it("marks every hit, ignoring case, and keeps the text around them", () => {
    expect(highlightParts("Margins and MARGIN", "margin")).toEqual([
      { text: "Margin", hit: true },
      { text: "s and ", hit: false },
      { text: "MARGIN", hit: true },
    ]);
  });

  it("treats the query literally and lets whitespace runs match", () => {
    expect(highlightParts("50% off (c.o.d)", "(c.o.d)")).toEqual([
      { text: "50% off ", hit: false },
      { text: "(c.o.d)", hit: true },
    ]);
    expect(highlightParts("pet  beds", "pet beds")).toEqual([{ text: "pet  beds", hit: true }]);
  });

  it("gives the text back unmarked for a blank query or no hit", () => {
    expect(highlightParts("abc", "  ")).toEqual([{ text: "abc", hit: false }]);
    expect(highlightParts("abc", "x")).toEqual([{ text: "abc", hit: false }]);
    expect(highlightParts("", "x")).toEqual([]);
  });
});

describe("words and dates", () => {
  const now = new Date(2026, 10, 22, 15, 0, 0).getTime();
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it("counts", () => {
    expect(plural(1, "chat")).toBe("1 chat");
    expect(plural(1200, "message")).toBe("1,200 messages");
    expect(totalsLine([{ messageCount: 2 }, { messageCount: 0 }])).toBe("2 chats · 2 messages");
    expect(totalsLine([])).toBe("0 chats · 0 messages");
  });

  it("says how long ago, then the date", () => {
    expect(relativeTime(ago(10_000), now)).toBe("just now");
    expect(relativeTime(ago(5 * 60_000), now)).toBe("5 min ago");
    expect(relativeTime(ago(3 * 3_600_000), now)).toBe("3 h ago");
    expect(relativeTime(new Date(2026, 10, 21, 9, 0).toISOString(), now)).toBe("Yesterday");
    expect(relativeTime(new Date(2026, 10, 18, 9, 0).toISOString(), now)).toBe("4 days ago");
    expect(relativeTime(new Date(2026, 9, 3, 9, 0).toISOString(), now)).toBe("Oct 3");
    // A clock a little ahead of ours is "just now", not the future.
    expect(relativeTime(ago(-30_000), now)).toBe("just now");
  });

  it("shows the year only for another year", () => {
    expect(shortDate(new Date(2026, 2, 3).toISOString(), now)).toBe("Mar 3");
    expect(shortDate(new Date(2025, 2, 3).toISOString(), now)).toBe("Mar 3, 2025");
  });
});

describe("export", () => {
  const detail: ChatDetail = {
    chat: {
      id: "c1",
      title: "Pet supplies: Q3!",
      projectId: null,
      createdAt: "2026-11-01T10:00:00.000Z",
      updatedAt: "2026-11-02T10:00:00.000Z",
    },
    messages: [
      { id: "m1", chatId: "c1", role: "user", content: "Best pet beds?", createdAt: "2026-11-01T10:00:00.000Z" },
      {
        id: "m2",
        chatId: "c1",
        role: "assistant",
        content: "## Beds",
        summary: "Orthopedic beds lead.",
        citations: [{ title: "Catalog", source: "sample" }],
        provider: "Built-in analyst",
        createdAt: "2026-11-01T10:00:05.000Z",
      },
      {
        id: "m3",
        chatId: "c1",
        role: "assistant",
        content: "Half",
        stopped: true,
        createdAt: "2026-11-01T10:01:00.000Z",
      },
      // Being written in this tab: not saved, not exported.
      {
        id: "local-1",
        chatId: "c1",
        role: "user",
        content: "Unsent",
        createdAt: "2026-11-02T10:00:00.000Z",
        status: "sending",
      },
    ],
  };

  it("writes each chat with its saved messages and nothing else", () => {
    const doc = buildChatExport([detail], new Date("2026-11-22T12:00:00.000Z"));
    expect(doc).toEqual({
      format: "dropcraft.chats",
      version: 1,
      exportedAt: "2026-11-22T12:00:00.000Z",
      chats: [
        {
          id: "c1",
          title: "Pet supplies: Q3!",
          projectId: null,
          createdAt: "2026-11-01T10:00:00.000Z",
          updatedAt: "2026-11-02T10:00:00.000Z",
          messages: [
            { role: "user", content: "Best pet beds?", createdAt: "2026-11-01T10:00:00.000Z" },
            {
              role: "assistant",
              content: "## Beds",
              summary: "Orthopedic beds lead.",
              citations: [{ title: "Catalog", source: "sample" }],
              provider: "Built-in analyst",
              createdAt: "2026-11-01T10:00:05.000Z",
            },
            { role: "assistant", content: "Half", stopped: true, createdAt: "2026-11-01T10:01:00.000Z" },
          ],
        },
      ],
    });
    // It survives a JSON round trip unchanged.
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it("names the file after one chat, or counts several", () => {
    const at = new Date(2026, 10, 22, 23, 30);
    expect(exportFileName([detail.chat], at)).toBe("dropcraft-chat-pet-supplies-q3-2026-11-22.json");
    expect(exportFileName([detail.chat, detail.chat, detail.chat], at)).toBe("dropcraft-chats-3-2026-11-22.json");
    expect(slugify("Crème brûlée — 2026")).toBe("creme-brulee-2026");
    expect(slugify("???")).toBe("chat");
    expect(slugify("a".repeat(39) + " bcd").length).toBeLessThanOrEqual(40);
    expect(slugify("a".repeat(39) + " bcd").endsWith("-")).toBe(false);
  });
});

describe("mapLimited", () => {
  it("keeps order, runs at most `limit` at once and reports failures in place", async () => {
    let running = 0;
    let peak = 0;
    const results = await mapLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, (7 - n) * 2));
      running -= 1;
      if (n === 4) throw new Error("four");
      return n * 10;
    });
    expect(peak).toBe(3);
    expect(results.map((r) => (r.ok ? r.value : (r.error as Error).message))).toEqual([10, 20, 30, "four", 50, 60, 70]);
    expect(await mapLimited([], 4, async () => 1)).toEqual([]);
  });
});
