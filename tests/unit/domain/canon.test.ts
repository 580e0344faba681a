import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CANON_PATH_PATTERN,
  canonEntryWinner,
  canonTree,
  changedCanonPaths,
  deleteCanonPaths,
  isCanonPath,
  mergeCanon,
  normalizeCanonInput,
  normalizeCanonTimestamp,
} from "~/domain/canon";
import type { Canon, CanonEntry, CanonSource } from "~/domain/contracts/projects";
import { AppError } from "~/domain/errors";

const NOW = new Date("2026-03-01T10:00:00.000Z");
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute)).toISOString();
const entry = (
  value: CanonEntry["value"],
  source: CanonSource,
  minute: number,
  extra: Partial<CanonEntry> = {},
): CanonEntry => ({
  value,
  source,
  timestamp: at(minute),
  ...extra,
});

/** Runs `fn`, expecting a VALIDATION AppError, and returns its message. */
function validationMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).type).toBe("VALIDATION");
    return (error as AppError).message;
  }
  throw new Error("expected a VALIDATION error");
}

describe("canon paths", () => {
  it("takes 1 to 8 dot-separated segments of letters, digits, '-' and '_', 200 characters at most", () => {
    for (const good of [
      "brand",
      "brand.voice",
      "audience.primary.age",
      "a-b_c.D9",
      "a.b.c.d.e.f.g.h",
      "x".repeat(200),
    ]) {
      expect(isCanonPath(good), good).toBe(true);
    }
    for (const bad of [
      "",
      ".brand",
      "brand.",
      "brand..voice",
      "brand voice",
      "brand/voice",
      "a.b.c.d.e.f.g.h.i",
      "x".repeat(201),
      "émoji",
    ]) {
      expect(isCanonPath(bad), bad).toBe(false);
    }
    expect(CANON_PATH_PATTERN.test("brand.voice")).toBe(true);
  });
});

describe("normalizeCanonInput", () => {
  it("fills the body's source and the current time into bare values and partial entries", () => {
    const canon = normalizeCanonInput(
      {
        "pricing.band": "$30-$60",
        "audience.primary.age": { value: "25-40" },
        "brand.voice": { value: "warm", source: "research", timestamp: "2026-02-01T08:00:00+02:00" },
        competitors: ["Manduka", "Lululemon"],
        "shipping.free": true,
        "orders.minimum": 25,
        "brand.tagline": null,
      },
      "user",
      NOW,
    );
    expect(canon).toEqual({
      "audience.primary.age": { value: "25-40", source: "user", timestamp: NOW.toISOString() },
      "brand.tagline": { value: null, source: "user", timestamp: NOW.toISOString() },
      // A timestamp with an offset is kept as the same instant, written the way toISOString writes it.
      "brand.voice": { value: "warm", source: "research", timestamp: "2026-02-01T06:00:00.000Z" },
      competitors: { value: ["Manduka", "Lululemon"], source: "user", timestamp: NOW.toISOString() },
      "orders.minimum": { value: 25, source: "user", timestamp: NOW.toISOString() },
      "pricing.band": { value: "$30-$60", source: "user", timestamp: NOW.toISOString() },
      "shipping.free": { value: true, source: "user", timestamp: NOW.toISOString() },
    });
    expect(Object.keys(canon)).toEqual([...Object.keys(canon)].sort());
  });

  it("flattens a plain object into child paths with the same source and timestamp", () => {
    expect(
      normalizeCanonInput(
        { brand: { voice: "warm", colors: ["#111", "#eee"], type: { heading: "Serif" } } },
        "research",
        NOW,
      ),
    ).toEqual({
      "brand.colors": { value: ["#111", "#eee"], source: "research", timestamp: NOW.toISOString() },
      "brand.type.heading": { value: "Serif", source: "research", timestamp: NOW.toISOString() },
      "brand.voice": { value: "warm", source: "research", timestamp: NOW.toISOString() },
    });
  });

  it("flattens an entry whose value is an object, children taking the entry's source, timestamp and origin", () => {
    const origin = { kind: "file" as const, fileId: "f1", fileName: "brand.md", excerpt: "Voice: warm." };
    expect(
      normalizeCanonInput(
        {
          brand: {
            value: { voice: "warm", palette: { main: "#111" } },
            source: "ai",
            timestamp: "2026-01-05T00:00:00Z",
            origin,
          },
        },
        "user",
        NOW,
      ),
    ).toEqual({
      "brand.palette.main": { value: "#111", source: "ai", timestamp: "2026-01-05T00:00:00.000Z", origin },
      "brand.voice": { value: "warm", source: "ai", timestamp: "2026-01-05T00:00:00.000Z", origin },
    });
  });

  it("reads an object with keys besides an entry's own as children, even when one of them is called value", () => {
    expect(normalizeCanonInput({ pricing: { value: "premium", note: "no discounts" } }, "user", NOW)).toEqual({
      "pricing.note": { value: "no discounts", source: "user", timestamp: NOW.toISOString() },
      "pricing.value": { value: "premium", source: "user", timestamp: NOW.toISOString() },
    });
  });

  it("lets a path that becomes an object keep its other children when merged", () => {
    const existing: Canon = {
      "brand.colors": entry(["#000"], "user", 1),
      "brand.voice": entry("formal", "user", 1),
      "brand.logo": entry("logo.svg", "user", 1),
    };
    const merged = mergeCanon(
      existing,
      normalizeCanonInput({ brand: { voice: "warm", colors: ["#111"] } }, "user", NOW),
    );
    expect(merged).toEqual({
      "brand.colors": { value: ["#111"], source: "user", timestamp: NOW.toISOString() },
      "brand.logo": existing["brand.logo"],
      "brand.voice": { value: "warm", source: "user", timestamp: NOW.toISOString() },
    });
  });

  it("names the bad path in its VALIDATION error", () => {
    expect(validationMessage(() => normalizeCanonInput({ "brand..voice": "warm" }, "user", NOW))).toContain(
      '"brand..voice"',
    );
    expect(validationMessage(() => normalizeCanonInput({ brand: { "bad key": "x" } }, "user", NOW))).toContain(
      '"brand.bad key"',
    );
    expect(
      validationMessage(() =>
        normalizeCanonInput({ "a.b.c.d.e": { f: { g: { h: { i: "too deep" } } } } }, "user", NOW),
      ),
    ).toContain('"a.b.c.d.e.f.g.h.i"');
    expect(validationMessage(() => normalizeCanonInput({ ["x".repeat(201)]: "long" }, "user", NOW))).toContain(
      "200 characters",
    );
  });

  it("refuses values that are not text, numbers, booleans, lists of texts or null", () => {
    for (const value of [[1, 2], ["a", 3], Number.NaN, Number.POSITIVE_INFINITY, new Date(), undefined, () => 1]) {
      expect(validationMessage(() => normalizeCanonInput({ "pricing.band": value } as never, "user", NOW))).toContain(
        '"pricing.band"',
      );
    }
    expect(
      validationMessage(() => normalizeCanonInput({ "pricing.band": { value: [1] } } as never, "user", NOW)),
    ).toContain('"pricing.band"');
  });

  it("refuses timestamps that are not ISO times with a zone, and unknown sources and origins", () => {
    for (const timestamp of [
      "yesterday",
      "2026-03-01",
      "2026-03-01T10:00:00",
      "2026-02-30T10:00:00Z",
      "2026-03-01T24:00:00Z",
      "1772359200000",
    ]) {
      expect(
        validationMessage(() => normalizeCanonInput({ "brand.voice": { value: "warm", timestamp } }, "user", NOW)),
        timestamp,
      ).toContain('"brand.voice" has a timestamp');
    }
    expect(
      validationMessage(() =>
        normalizeCanonInput({ "brand.voice": { value: "warm", source: "boss" } } as never, "user", NOW),
      ),
    ).toContain('"brand.voice" has an unknown source');
    expect(
      validationMessage(() =>
        normalizeCanonInput(
          { "brand.voice": { value: "warm", origin: { kind: "email", excerpt: "x" } } } as never,
          "user",
          NOW,
        ),
      ),
    ).toContain('"brand.voice" has an origin');
  });

  it("refuses a path given twice, once flat and once nested", () => {
    expect(
      validationMessage(() => normalizeCanonInput({ "brand.voice": "warm", brand: { voice: "formal" } }, "user", NOW)),
    ).toContain('"brand.voice" is given more than once');
  });

  it("keeps a __proto__ path as data instead of changing the result's prototype", () => {
    const input = JSON.parse('{"__proto__": "x"}') as Record<string, unknown>;
    const canon = normalizeCanonInput(input, "user", NOW);
    expect(Object.hasOwn(canon, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(canon)).toBe(Object.prototype);
  });
});

describe("normalizeCanonTimestamp", () => {
  it("writes a real ISO time the way toISOString does, and refuses the rest", () => {
    expect(normalizeCanonTimestamp("2026-03-01T10:00Z")).toBe("2026-03-01T10:00:00.000Z");
    expect(normalizeCanonTimestamp("2024-02-29T23:59:59.5-01:00")).toBe("2024-03-01T00:59:59.500Z");
    expect(normalizeCanonTimestamp("2025-02-29T00:00:00Z")).toBeNull();
    expect(normalizeCanonTimestamp("2026-13-01T00:00:00Z")).toBeNull();
  });
});

describe("mergeCanon: the rules of ADR 010", () => {
  it("ranks the user over research over the auto-rules, whatever the timestamps", () => {
    const user = entry("warm", "user", 1);
    const research = entry("expert", "research", 30);
    const ai = entry("playful", "ai", 59);
    expect(mergeCanon({ "brand.voice": user }, { "brand.voice": ai })["brand.voice"]).toBe(user);
    expect(mergeCanon({ "brand.voice": ai }, { "brand.voice": research })["brand.voice"]).toBe(research);
    expect(mergeCanon({ "brand.voice": research }, { "brand.voice": user })["brand.voice"]).toBe(user);
  });

  it("takes the newer timestamp between entries of the same source, comparing instants", () => {
    const older = entry("formal", "user", 5);
    const newer = entry("warm", "user", 6);
    expect(mergeCanon({ "brand.voice": newer }, { "brand.voice": older })["brand.voice"]).toBe(newer);
    expect(mergeCanon({ "brand.voice": older }, { "brand.voice": newer })["brand.voice"]).toBe(newer);
    // 09:30 at +01:00 is 08:30Z: older than 09:00Z although its text sorts later.
    const offset = { value: "bold", source: "user" as const, timestamp: "2026-03-01T09:30:00+01:00" };
    expect(
      mergeCanon({ "brand.voice": offset }, { "brand.voice": entry("calm", "user", 0) })["brand.voice"].value,
    ).toBe("calm");
  });

  it("breaks a tie of source and time the same way whichever side each entry is on", () => {
    const a = entry("warm", "ai", 10);
    const b = entry("playful", "ai", 10);
    const winner = canonEntryWinner(a, b);
    expect(canonEntryWinner(b, a)).toBe(winner);
    expect(mergeCanon({ "brand.voice": a }, { "brand.voice": b })).toEqual(
      mergeCanon({ "brand.voice": b }, { "brand.voice": a }),
    );
  });

  it("keeps paths only one side has: removing takes an explicit delete", () => {
    const existing = { "brand.voice": entry("warm", "user", 1), "pricing.band": entry("$30-$60", "ai", 1) };
    const incoming = { competitors: entry(["Manduka"], "ai", 2) };
    expect(mergeCanon(existing, incoming)).toEqual({ ...existing, ...incoming });
    expect(mergeCanon(existing, {})).toEqual(existing);
  });

  it("sorts the result's keys, so equal canons are equal as JSON too", () => {
    const merged = mergeCanon(
      { z: entry(1, "ai", 1), "a.b": entry(2, "ai", 1) },
      { m: entry(3, "ai", 1), A: entry(4, "ai", 1) },
    );
    expect(Object.keys(merged)).toEqual(["A", "a.b", "m", "z"]);
  });
});

describe("deleteCanonPaths", () => {
  it("removes each path and everything under it, and nothing that only shares a prefix", () => {
    const canon: Canon = {
      brand: entry("Acme", "user", 1),
      "brand.voice": entry("warm", "user", 1),
      "brand.colors.main": entry("#111", "user", 1),
      brandon: entry("a name", "user", 1),
      "pricing.band": entry("premium", "ai", 1),
      "pricing.note": entry("no discounts", "user", 1),
    };
    expect(deleteCanonPaths(canon, ["brand", "pricing.band", "not.there"])).toEqual({
      brandon: canon.brandon,
      "pricing.note": canon["pricing.note"],
    });
    expect(deleteCanonPaths(canon, [])).toEqual(canon);
  });

  it("names a bad path", () => {
    expect(validationMessage(() => deleteCanonPaths({}, ["brand voice"]))).toContain('"brand voice"');
  });
});

describe("changedCanonPaths", () => {
  it("lists paths added, removed, or changed in value, source or origin, but not a new timestamp alone", () => {
    const origin = { kind: "instructions" as const, excerpt: "We sell yoga mats." };
    const before: Canon = {
      "brand.voice": entry("warm", "user", 1),
      "pricing.band": entry("$30-$60", "ai", 1),
      "business.niche": entry("yoga mats", "ai", 1),
      "audience.primary": entry("parents", "ai", 1, { origin }),
      competitors: entry(["Manduka"], "ai", 1),
    };
    const after: Canon = {
      "brand.voice": entry("warm", "user", 9), // timestamp only
      "pricing.band": entry("$30-$60", "research", 1), // source
      "audience.primary": entry("parents", "ai", 1, { origin: { ...origin, excerpt: "For parents." } }), // origin
      competitors: entry(["Manduka", "Gaiam"], "ai", 1), // value
      "shipping.promise": entry("ships in 3 days", "ai", 1), // added; business.niche removed
    };
    expect(changedCanonPaths(before, after)).toEqual([
      "audience.primary",
      "business.niche",
      "competitors",
      "pricing.band",
      "shipping.promise",
    ]);
    expect(changedCanonPaths(before, before)).toEqual([]);
  });
});

describe("canonTree", () => {
  it("nests paths by segment, sorted, with group nodes that have no entry and nodes that have both", () => {
    const canon: Canon = {
      "brand.voice": entry("warm", "user", 1),
      brand: entry("Acme", "user", 1),
      "audience.primary.age": entry("25-40", "ai", 1),
      "audience.primary": entry("parents", "ai", 1),
      competitors: entry(["Manduka"], "ai", 1),
    };
    expect(canonTree(canon)).toEqual([
      {
        segment: "audience",
        path: "audience",
        children: [
          {
            segment: "primary",
            path: "audience.primary",
            entry: canon["audience.primary"],
            children: [
              { segment: "age", path: "audience.primary.age", entry: canon["audience.primary.age"], children: [] },
            ],
          },
        ],
      },
      {
        segment: "brand",
        path: "brand",
        entry: canon.brand,
        children: [{ segment: "voice", path: "brand.voice", entry: canon["brand.voice"], children: [] }],
      },
      { segment: "competitors", path: "competitors", entry: canon.competitors, children: [] },
    ]);
    expect(canonTree({})).toEqual([]);
  });
});

// ── Properties ────────────────────────────────────────────────────────────────────────────
// Few paths, few minutes and few values, so generated canons collide on paths, sources and times.

const pathArb = fc.constantFrom(
  "brand",
  "brand.voice",
  "pricing.band",
  "audience.primary",
  "audience.primary.age",
  "competitors",
);
const sourceArb = fc.constantFrom<CanonSource>("user", "research", "ai");
const valueArb = fc.oneof(
  fc.constantFrom("warm", "playful", "$30-$60", ""),
  fc.integer({ min: -2, max: 2 }),
  fc.boolean(),
  fc.array(fc.constantFrom("Manduka", "Gaiam"), { maxLength: 2 }),
  fc.constant(null),
);
// Canon entries come from JSON, so their objects have Object's prototype: fast-check 4 would
// otherwise also make null-prototype ones, which toStrictEqual tells apart from equal plain ones.
const originArb = fc.option(
  fc.record({ kind: fc.constantFrom("instructions" as const, "file" as const), excerpt: fc.constantFrom("a", "b") }, { noNullPrototype: true }),
  { nil: undefined },
);
const entryArb: fc.Arbitrary<CanonEntry> = fc
  .record({ value: valueArb, source: sourceArb, minute: fc.integer({ min: 0, max: 3 }), origin: originArb })
  .map(({ value, source, minute, origin }) => ({
    value,
    source,
    timestamp: at(minute),
    ...(origin ? { origin } : {}),
  }));
const canonArb: fc.Arbitrary<Canon> = fc.dictionary(pathArb, entryArb, { maxKeys: 6 });

const sortedKeys = (canon: Canon) =>
  Object.fromEntries(
    Object.keys(canon)
      .sort()
      .map((k) => [k, canon[k]]),
  );

describe("merge properties", () => {
  it("is deterministic: the same inputs give the same canon, key order included", () => {
    fc.assert(
      fc.property(canonArb, canonArb, (a, b) => {
        const once = mergeCanon(a, b);
        expect(JSON.stringify(mergeCanon(structuredClone(a), structuredClone(b)))).toBe(JSON.stringify(once));
        expect(Object.keys(once)).toEqual(Object.keys(once).sort());
      }),
    );
  });

  it("does not depend on argument order: each path's winner is the same either way", () => {
    fc.assert(
      fc.property(canonArb, canonArb, (a, b) => {
        expect(JSON.stringify(mergeCanon(a, b))).toBe(JSON.stringify(mergeCanon(b, a)));
      }),
    );
    fc.assert(
      fc.property(entryArb, entryArb, (x, y) => {
        // Two equal entries are indistinguishable, so the winner is compared by value, not identity.
        expect(canonEntryWinner(x, y)).toStrictEqual(canonEntryWinner(y, x));
      }),
    );
  });

  it("is idempotent: merging the same entries again changes nothing", () => {
    fc.assert(
      fc.property(canonArb, canonArb, (a, b) => {
        const merged = mergeCanon(a, b);
        expect(mergeCanon(merged, b)).toEqual(merged);
        expect(JSON.stringify(mergeCanon(a, a))).toBe(JSON.stringify(sortedKeys(a)));
      }),
    );
  });

  it("is associative, so merging a batch in any grouping gives the same canon", () => {
    fc.assert(
      fc.property(canonArb, canonArb, canonArb, (a, b, c) => {
        expect(mergeCanon(mergeCanon(a, b), c)).toEqual(mergeCanon(a, mergeCanon(b, c)));
      }),
    );
  });

  it("never loses a user-entered value unless the other side has a user entry at that path as new or newer", () => {
    fc.assert(
      fc.property(canonArb, canonArb, (a, b) => {
        const merged = mergeCanon(a, b);
        for (const [path, mine] of Object.entries(a)) {
          if (mine.source !== "user") continue;
          const theirs = b[path];
          const replacedByUser =
            theirs?.source === "user" && Date.parse(theirs.timestamp) >= Date.parse(mine.timestamp);
          if (!replacedByUser) expect(merged[path]).toEqual(mine);
        }
      }),
    );
  });

  it("keeps every path of both sides and invents no entry", () => {
    fc.assert(
      fc.property(canonArb, canonArb, (a, b) => {
        const merged = mergeCanon(a, b);
        expect(Object.keys(merged).sort()).toEqual([...new Set([...Object.keys(a), ...Object.keys(b)])].sort());
        for (const [path, won] of Object.entries(merged)) expect([a[path], b[path]]).toContain(won);
      }),
    );
  });
});
