import { afterEach, describe, expect, it } from "vitest";
import { forgetEndpoints, isUnsupported, markUnsupported, refusesParameter } from "~/server/ai/endpoint-memo";

const openAiError = (message: string, param: string | null = null, code: string | null = null) =>
  JSON.stringify({ error: { message, type: "invalid_request_error", param, code } });

describe("refusesParameter: the provider says the parameter itself is unsupported", () => {
  it.each([
    ["OpenAI's error object naming it as unsupported", openAiError("Unsupported parameter: 'response_format' is not supported with this model.", "response_format", "unsupported_parameter")],
    ["an unsupported value of it", openAiError("Unsupported value: 'response_format.type' does not support 'json_schema' with this model.", "response_format", "unsupported_value")],
    ["the Images API's unknown parameter", openAiError("Unknown parameter: 'response_format'.", "response_format", "unknown_parameter")],
    ["OpenAI's words for a model without structured output", openAiError("Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.")],
    ["Azure's unrecognized argument", openAiError("Unrecognized request argument supplied: response_format")],
    ["a plain-text body", "response_format is not supported by this server"],
    ["Ollama's string error", JSON.stringify({ error: "this model does not support response_format" })],
  ])("%s", (_, body) => {
    expect(refusesParameter(body, "response_format")).toBe(true);
  });

  it.each([
    ["an invalid schema of ours", openAiError("Invalid schema for response_format 'research_answer': In context=(), 'required' is required to be supplied.", "response_format")],
    ["an invalid schema that mentions something unsupported", openAiError("Invalid schema for response_format 'x': In context=('properties', 'a'), 'minLength' is not supported.", "response_format")],
    ["an invalid value of ours", openAiError("Invalid value: 'b64'. Supported values are: 'url' and 'b64_json'.", "response_format", "invalid_value")],
    ["another parameter's refusal", openAiError("Unsupported parameter: 'temperature' is not supported with this model.", "temperature", "unsupported_parameter")],
    ["a body that is not about it at all", openAiError("The server had an error while processing your request.")],
  ])("not %s", (_, body) => {
    expect(refusesParameter(body, "response_format")).toBe(false);
  });
});

describe("the endpoint memo", () => {
  afterEach(() => forgetEndpoints());

  it("remembers per base URL and model, whatever the trailing slash", () => {
    markUnsupported("https://api.example.com/v1/", "m", "response_format");
    expect(isUnsupported("https://api.example.com/v1", "m", "response_format")).toBe(true);
    expect(isUnsupported("https://api.example.com/v1", "other-model", "response_format")).toBe(false);
    expect(isUnsupported("https://elsewhere.example.com/v1", "m", "response_format")).toBe(false);
    expect(isUnsupported("https://api.example.com/v1", "m", "temperature")).toBe(false);
  });

  it("stays small: the oldest endpoint is forgotten past its bound", () => {
    for (let i = 0; i < 40; i++) markUnsupported(`https://e${i}.example.com`, "m", "response_format");
    expect(isUnsupported("https://e0.example.com", "m", "response_format")).toBe(false);
    expect(isUnsupported("https://e39.example.com", "m", "response_format")).toBe(true);
  });
});
