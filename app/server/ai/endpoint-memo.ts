/**
 * What this isolate has learnt about an OpenAI-compatible endpoint and model: the request
 * parameters it refused as unsupported (`response_format` on a chat model without structured
 * output, on an image server that always answers base64). Providers are built per request, so a
 * flag on the provider would be forgotten at once and every request would be refused and sent
 * again; this memo lives as long as the isolate and is keyed by base URL + model, because another
 * model on the same server may well support the parameter.
 *
 * Only a refusal the provider states (a 400 naming the parameter as unsupported) is recorded, so
 * nothing here can silence an error of ours. The memo is small and bounded: an isolate talks to
 * one or two configured models, the bound only guards against a misconfiguration churning keys.
 */

const MAX_ENDPOINTS = 32;

const learnt = new Map<string, Set<string>>();

function keyOf(baseUrl: string, model: string): string {
  return `${baseUrl.trim().replace(/\/+$/, "").toLowerCase()}\n${model.trim()}`;
}

/** True once `param` was refused as unsupported by `model` at `baseUrl` in this isolate. */
export function isUnsupported(baseUrl: string, model: string, param: string): boolean {
  return learnt.get(keyOf(baseUrl, model))?.has(param) ?? false;
}

/** Records that `model` at `baseUrl` refused `param` as unsupported: later requests leave it out. */
export function markUnsupported(baseUrl: string, model: string, param: string): void {
  const key = keyOf(baseUrl, model);
  let params = learnt.get(key);
  if (!params) {
    if (learnt.size >= MAX_ENDPOINTS) learnt.delete(learnt.keys().next().value!);
    params = new Set();
    learnt.set(key, params);
  }
  params.add(param);
}

/** Forgets everything learnt (tests that teach the memo something clean up after themselves). */
export function forgetEndpoints(): void {
  learnt.clear();
}

/** OpenAI's `error.code` for a parameter the model does not take (`unknown_parameter` on the Images API). */
const UNSUPPORTED_CODES = new Set(["unsupported_parameter", "unsupported_value", "unknown_parameter"]);

/**
 * True when a 400's body says that `param` itself is not supported by the model or server, as
 * OpenAI's error object does (`error.param` naming it with an `unsupported_*` code) or in words
 * ("'response_format' ... is not supported with this model", "Unrecognized request argument
 * supplied: response_format", "Unknown parameter: 'response_format'"). A complaint about the
 * parameter's value of ours ("Invalid schema for response_format ...") is not: that is our bug.
 */
export function refusesParameter(body: string, param: string): boolean {
  let message = body;
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown } | null;
    const error = parsed?.error;
    if (error && typeof error === "object") {
      const { param: named, code, message: said } = error as { param?: unknown; code?: unknown; message?: unknown };
      if (named === param && typeof code === "string" && UNSUPPORTED_CODES.has(code)) return true;
      if (typeof said === "string") message = said;
    } else if (typeof error === "string") {
      message = error;
    } else if (typeof parsed?.message === "string") {
      message = parsed.message;
    }
  } catch {
    // Not JSON: read the words.
  }
  const name = param.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  if (!new RegExp(name, "i").test(message)) return false;
  if (/invalid schema|schema is invalid|invalid json schema/i.test(message)) return false;
  return new RegExp(
    [
      `${name}[^.]*\\b(is not supported|are not supported|not supported|unsupported|is not available)`,
      `(unrecognized request argument|unknown parameter|unrecognized parameter|unexpected keyword argument|extra inputs are not permitted)[^.]*${name}`,
      `(does not support|doesn't support)[^.]*${name}`,
    ].join("|"),
    "i",
  ).test(message);
}
