import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { notify } from "~/lib/toast";
import { useCopyText, writeClipboard, type CopyText, type CopyTextOptions } from "~/ui/use-copy-text";
import { detachedContainer } from "../support/react-container";

vi.mock("~/lib/toast", () => ({ notify: vi.fn() }));

const FAILED = { title: "Copy failed", description: "Select it yourself.", variant: "destructive" } as const;
const COPIED = { title: "Address copied", description: "example.test/p/a", variant: "success" } as const;

/** What the copy command's fallback touches: a textarea, the body and execCommand. */
function stubDocument(execCommandResult: boolean) {
  const area = { value: "", setAttribute: vi.fn(), style: {}, select: vi.fn(), remove: vi.fn() };
  const doc = {
    nodeType: 9,
    addEventListener: () => {},
    removeEventListener: () => {},
    activeElement: null,
    createElement: vi.fn(() => area),
    body: { appendChild: vi.fn() },
    execCommand: vi.fn(() => execCommandResult),
  };
  vi.stubGlobal("document", doc);
  // React DOM reads window.event and window.HTMLIFrameElement while it commits.
  vi.stubGlobal("window", { document: doc, HTMLIFrameElement: class {} });
  return { doc, area };
}

/**
 * Runs the hook in a real React root (no DOM library here: the component renders nothing, so a
 * container React can listen on is all it needs). `current` is the hook's latest answer.
 */
function renderCopyText(options: CopyTextOptions) {
  const doc = document as unknown as object;
  const container = detachedContainer(doc);
  const view = { current: undefined as unknown as CopyText };
  function Probe() {
    view.current = useCopyText(options);
    return null;
  }
  let root: Root;
  act(() => {
    root = createRoot(container);
    root.render(<Probe />);
  });
  return { view, unmount: () => act(() => root.unmount()) };
}

async function copy(view: { current: CopyText }, text: string) {
  let ok: boolean | undefined;
  await act(async () => {
    ok = await view.current.copy(text);
  });
  return ok;
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  vi.mocked(notify).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("useCopyText", () => {
  it("copies through the Clipboard API, shows copied for copiedForMs and the copied toast, not the failed one", async () => {
    stubDocument(false);
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { clipboard: { writeText } });
    const { view, unmount } = renderCopyText({ failedToast: FAILED, copiedToast: COPIED, copiedForMs: 1600 });
    expect(view.current.copied).toBe(false);

    expect(await copy(view, "https://example.test/p/a")).toBe(true);
    expect(writeText).toHaveBeenCalledWith("https://example.test/p/a");
    expect(view.current.copied).toBe(true);
    expect(vi.mocked(notify).mock.calls).toEqual([[COPIED]]);

    act(() => vi.advanceTimersByTime(1599));
    expect(view.current.copied).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(view.current.copied).toBe(false);
    unmount();
  });

  it("a second copy restarts the moment; without copiedToast a copy shows no toast; unmounting clears the timer", async () => {
    stubDocument(false);
    vi.stubGlobal("navigator", { clipboard: { writeText: () => Promise.resolve() } });
    const { view, unmount } = renderCopyText({ failedToast: FAILED });

    await copy(view, "a");
    act(() => vi.advanceTimersByTime(1500));
    await copy(view, "b");
    act(() => vi.advanceTimersByTime(1500));
    // 3000 ms after the first copy, 1500 after the second: still within the default 2000.
    expect(view.current.copied).toBe(true);
    act(() => vi.advanceTimersByTime(500));
    expect(view.current.copied).toBe(false);
    expect(notify).not.toHaveBeenCalled();

    await copy(view, "c");
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("when writeText rejects: resolves false, copied stays false, the failed toast and no copied toast", async () => {
    stubDocument(true);
    vi.stubGlobal("navigator", { clipboard: { writeText: () => Promise.reject(new DOMException("Denied", "NotAllowedError")) } });
    const { view, unmount } = renderCopyText({ failedToast: FAILED, copiedToast: COPIED });

    expect(await copy(view, "x")).toBe(false);
    expect(view.current.copied).toBe(false);
    expect(vi.mocked(notify).mock.calls).toEqual([[FAILED]]);
    unmount();
  });

  it("without the Clipboard API it falls back to the copy command, and fails when the browser refuses that too", async () => {
    const { doc, area } = stubDocument(true);
    vi.stubGlobal("navigator", {});
    const { view, unmount } = renderCopyText({ failedToast: FAILED });
    expect(await copy(view, "the words")).toBe(true);
    expect(doc.execCommand).toHaveBeenCalledWith("copy");
    expect(area.value).toBe("the words");
    expect(area.remove).toHaveBeenCalled();
    expect(view.current.copied).toBe(true);
    expect(notify).not.toHaveBeenCalled();
    unmount();

    stubDocument(false);
    const refused = renderCopyText({ failedToast: FAILED });
    expect(await copy(refused.view, "the words")).toBe(false);
    expect(refused.view.current.copied).toBe(false);
    expect(vi.mocked(notify).mock.calls).toEqual([[FAILED]]);
    refused.unmount();
  });
});

describe("writeClipboard", () => {
  it("rejects when there is neither the Clipboard API nor a document (nothing to fall back on)", async () => {
    vi.stubGlobal("navigator", undefined);
    vi.stubGlobal("document", undefined);
    await expect(writeClipboard("x")).rejects.toThrow();
  });
});
