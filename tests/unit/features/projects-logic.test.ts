import { describe, expect, it } from "vitest";
import {
  checkFile,
  CREATE_FAILED,
  DELETE_FAILED,
  EXAMPLE_PROJECT,
  fileFacts,
  fileKindOf,
  fileStatusLook,
  filterProjects,
  findProjectByParam,
  formatCanonValue,
  instructionsExcerpt,
  isProjectQuotaError,
  moveId,
  nameClashMessage,
  originLabel,
  parseCanonValue,
  parseResearchData,
  PROJECT_QUOTA_PREFIX,
  ProjectQuotaError,
  projectPath,
  refreshFailed,
  segmentLabel,
  toCreateProjectError,
  toRefreshError,
  visibleProjects,
} from "~/features/projects/project-logic";
import { HttpError, NetworkError } from "~/lib/http";

const quota403 = (message = "Your free plan holds 3 projects at once. Upgrade to Growth for more projects, or delete one you no longer use.") =>
  new HttpError(
    `403: {"type":"QUOTA_EXCEEDED"}`,
    403,
    JSON.stringify({ error: "Quota exceeded", type: "QUOTA_EXCEEDED", message, details: { allowance: "projects", limit: 3 } }),
    "QUOTA_EXCEEDED",
    message,
  );

describe("the quota error (spec sections 6 and 8)", () => {
  it("turns the 403 QUOTA_EXCEEDED into an error whose message starts with PROJECT_QUOTA_EXCEEDED, keeping the server's words and limit", () => {
    const err = toCreateProjectError(quota403());
    expect(err).toBeInstanceOf(ProjectQuotaError);
    expect((err as Error).message.startsWith(PROJECT_QUOTA_PREFIX)).toBe(true);
    expect((err as Error).message).toBe(
      "PROJECT_QUOTA_EXCEEDED: Your free plan holds 3 projects at once. Upgrade to Growth for more projects, or delete one you no longer use.",
    );
    expect((err as ProjectQuotaError).serverMessage).toMatch(/^Your free plan holds 3 projects/);
    expect((err as ProjectQuotaError).limit).toBe(3);
    expect(isProjectQuotaError(err)).toBe(true);
  });

  it("falls back to a plain message when the server gave none", () => {
    const bare = new HttpError("403: ", 403, "", "QUOTA_EXCEEDED");
    const err = toCreateProjectError(bare) as ProjectQuotaError;
    expect(err.message.startsWith("PROJECT_QUOTA_EXCEEDED: ")).toBe(true);
    expect(err.serverMessage).toMatch(/project limit/);
    expect(err.limit).toBeUndefined();
  });

  it("leaves every other failure as it was (another 403, a 409, a network error)", () => {
    const forbidden = new HttpError("403: x", 403, "{}", "EMAIL_NOT_VERIFIED", "Verify first");
    const clash = new HttpError("409: x", 409, "{}", "CONFLICT", 'You already have a project named "A". Pick another name.');
    const offline = new NetworkError("network");
    expect(toCreateProjectError(forbidden)).toBe(forbidden);
    expect(toCreateProjectError(clash)).toBe(clash);
    expect(toCreateProjectError(offline)).toBe(offline);
    expect(isProjectQuotaError(forbidden)).toBe(false);
    expect(isProjectQuotaError(new Error("Failed to create project"))).toBe(false);
  });

  it("reads a 409 as a name clash with the server's message", () => {
    expect(nameClashMessage(new HttpError("409: x", 409, "{}", "CONFLICT", 'You already have a project named "A".'))).toBe(
      'You already have a project named "A".',
    );
    expect(nameClashMessage(new HttpError("409: x", 409, "{}"))).toMatch(/already have a project/);
    expect(nameClashMessage(quota403())).toBeNull();
  });

  it("words the list failure as the spec does: 'Failed to refresh projects: {status}'", () => {
    expect(toRefreshError(new HttpError("500: x", 500, "x")).message).toBe("Failed to refresh projects: 500");
    expect(toRefreshError(new NetworkError("network")).message).toBe("Failed to refresh projects: network error");
    expect(refreshFailed(401)).toBe("Failed to refresh projects: 401");
    expect(CREATE_FAILED).toBe("Failed to create project");
    expect(DELETE_FAILED).toBe("Failed to delete project");
  });
});

const project = (id: string, name: string, businessInstructions = "") => ({ id, name, businessInstructions });

describe("the project list", () => {
  it("hides projects whose name is empty or not a string (spec section 5)", () => {
    const list = [project("a", "Shop"), project("b", ""), project("c", "   "), { id: "d", name: null as unknown as string, businessInstructions: "" }];
    expect(visibleProjects(list).map((p) => p.id)).toEqual(["a"]);
  });

  it("searches names and instructions, every word, ignoring case and accents; name hits first", () => {
    const list = [
      project("1", "Garden tools", "We sell to pet owners too"),
      project("2", "Cozy Pet Supplies", "Calming beds"),
      project("3", "Café Crème", "Coffee gear"),
      project("4", "Kitchen", ""),
    ];
    expect(filterProjects(list, "").map((p) => p.id)).toEqual(["1", "2", "3", "4"]);
    expect(filterProjects(list, "   ").map((p) => p.id)).toEqual(["1", "2", "3", "4"]);
    expect(filterProjects(list, "PET").map((p) => p.id)).toEqual(["2", "1"]);
    expect(filterProjects(list, "cafe creme").map((p) => p.id)).toEqual(["3"]);
    expect(filterProjects(list, "cozy beds").map((p) => p.id)).toEqual(["2"]);
    expect(filterProjects(list, "pet coffee")).toEqual([]);
  });

  it("finds a project by id first, then by exact name ignoring case and spaces around", () => {
    const list = [project("abc", "My Store"), project("My Store", "Other"), project("x1", "Pets")];
    expect(findProjectByParam(list, "x1")?.name).toBe("Pets");
    // An id wins over a name that looks the same.
    expect(findProjectByParam(list, "My Store")?.id).toBe("My Store");
    expect(findProjectByParam(list, "my store")?.id).toBe("abc");
    expect(findProjectByParam(list, " pets ")?.id).toBe("x1");
    expect(findProjectByParam(list, "pet")).toBeUndefined();
    expect(findProjectByParam(list, "")).toBeUndefined();
    expect(projectPath("a b/c")).toBe("/project/a%20b%2Fc");
  });

  it("cuts long instructions at a word for the card", () => {
    expect(instructionsExcerpt("  short\n text ")).toBe("short text");
    const long = "word ".repeat(60);
    const cut = instructionsExcerpt(long, 40);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(41);
    expect(cut).not.toMatch(/\s…$/);
  });
});

describe("knowledge-base files", () => {
  it("knows the kinds by extension", () => {
    expect(fileKindOf("Catalog.PDF")).toBe("pdf");
    expect(fileKindOf("notes.markdown")).toBe("md");
    expect(fileKindOf("a.docx")).toBe("docx");
    expect(fileKindOf("photo.png")).toBeNull();
    expect(fileKindOf("noextension")).toBeNull();
  });

  it("checks type, emptiness and the 10 MB limit before sending, naming the file", () => {
    expect(checkFile({ name: "a.txt", size: 10 })).toBeNull();
    expect(checkFile({ name: "a.pdf", size: 10 * 1024 * 1024 })).toBeNull();
    expect(checkFile({ name: "a.pdf", size: 10 * 1024 * 1024 + 1 })).toBe('"a.pdf" is 10 MB; each file can be at most 10 MB.');
    expect(checkFile({ name: "big.csv", size: 12.5 * 1024 * 1024 })).toBe('"big.csv" is 12.5 MB; each file can be at most 10 MB.');
    expect(checkFile({ name: "photo.png", size: 10 })).toMatch(/^"photo.png" is not a file type the knowledge base reads\. Use PDF/);
    expect(checkFile({ name: "empty.md", size: 0 })).toMatch(/"empty.md" is empty/);
  });

  it("labels statuses and facts", () => {
    expect(fileStatusLook("no_text")).toEqual({ label: "No text found", tone: "warning" });
    expect(fileStatusLook("failed").tone).toBe("danger");
    expect(fileStatusLook("indexed").label).toBe("Indexed");
    expect(fileFacts({ kind: "pdf", size: 2048, passageCount: 3, status: "indexed" })).toBe("PDF · 2 KB · 3 passages");
    expect(fileFacts({ kind: "txt", size: 12, passageCount: 0, status: "no_text" })).toBe("Text · 12 bytes");
    expect(fileFacts({ kind: "md", size: 1, passageCount: 1, status: "indexed" })).toBe("Markdown · 1 byte · 1 passage");
  });

  it("moves a file one step in the order, never past the ends", () => {
    expect(moveId(["a", "b", "c"], "b", -1)).toEqual(["b", "a", "c"]);
    expect(moveId(["a", "b", "c"], "b", 1)).toEqual(["a", "c", "b"]);
    expect(moveId(["a", "b", "c"], "a", -1)).toEqual(["a", "b", "c"]);
    expect(moveId(["a", "b", "c"], "z", 1)).toEqual(["a", "b", "c"]);
  });
});

describe("canon values and research data", () => {
  it("shows values as text and reads edits back in the kind they had", () => {
    expect(formatCanonValue(["Chewy", "BarkBox"])).toBe("Chewy, BarkBox");
    expect(formatCanonValue(null)).toBe("");
    expect(formatCanonValue(45)).toBe("45");
    expect(parseCanonValue(" Chewy, Petco ,, ", ["x"])).toEqual(["Chewy", "Petco"]);
    expect(parseCanonValue("39.5", 10)).toBe(39.5);
    expect(parseCanonValue("about 40", 10)).toBe("about 40");
    expect(parseCanonValue("FALSE", true)).toBe(false);
    expect(parseCanonValue("  warm, playful ")).toBe("warm, playful");
  });

  it("labels segments and origins", () => {
    expect(segmentLabel("priceBand")).toBe("Price band");
    expect(segmentLabel("shipping_promise")).toBe("Shipping promise");
    expect(segmentLabel("voice")).toBe("Voice");
    expect(originLabel({ kind: "file", fileName: "catalog.pdf" })).toBe("From catalog.pdf");
    expect(originLabel({ kind: "instructions" })).toBe("From your business instructions");
  });

  it("reads research data as JSON (empty clears it) and says where it is broken", () => {
    expect(parseResearchData("")).toEqual({ ok: true, value: null });
    expect(parseResearchData(' {"a": [1, 2]} ')).toEqual({ ok: true, value: { a: [1, 2] } });
    const bad = parseResearchData('{\n  "a": 1,\n  "b": }');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toMatch(/^Not valid JSON( at line 3, column \d+)?:/);
  });
});

describe("the example project", () => {
  it("names what the canon's auto-rules read", () => {
    expect(EXAMPLE_PROJECT.name).toMatch(/^Example: /);
    for (const label of ["Niche:", "Brand voice:", "Target audience:", "Price band:", "Shipping promise:", "Competitors:"]) {
      expect(EXAMPLE_PROJECT.businessInstructions).toContain(label);
    }
  });
});
