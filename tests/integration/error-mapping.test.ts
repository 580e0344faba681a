import { describe, expect, it } from "vitest";
import { BASE } from "./helpers";
import { WORKER } from "./worker";

async function post(path: string, contentType: string | undefined, body: string) {
  const res = await WORKER.fetch(`${BASE}${path}`, {
    method: "POST",
    headers: contentType ? { "content-type": contentType } : {},
    body,
  });
  return { status: res.status, json: (await res.json()) as { type: string; message: string } };
}

describe("library HTTP errors keep their status in the taxonomy", () => {
  it.each([
    ["text/plain", "hello"],
    ["application/xml", "<login/>"],
    [undefined, '{"username":"a"}'],
    ["multipart/form-data; boundary=x", "--x--"],
  ])("a %s body on a JSON route answers 415 UNSUPPORTED_MEDIA_TYPE, not 500", async (contentType, body) => {
    const { status, json } = await post("/api/auth/login", contentType, body);
    expect(status).toBe(415);
    expect(json.type).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(json.message).toContain("application/json");
  });

  it("a malformed JSON body answers 400 VALIDATION naming the problem", async () => {
    const { status, json } = await post("/api/auth/login", "application/json", "{not json");
    expect(status).toBe(400);
    expect(json).toMatchObject({ type: "VALIDATION", message: "The request body is not valid JSON." });
  });
});
