/**
 * The editor's state: the document with undo and redo, autosave (a PATCH about a second after the
 * last edit, with the revision it was made on), and what the server last confirmed. A CONFLICT
 * stops autosave and keeps the merchant's text until they choose what to keep; a save the network
 * or the server dropped is tried again by itself a few times before the merchant is asked.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Page } from "~/domain/contracts/pages";
import { pageKeys, savePage } from "~/features/pages";
import { errorMessage, isRetryable, SYNC_RETRY_DELAYS_MS } from "~/lib/http";
import {
  docOf,
  edit,
  fieldOf,
  isConflict,
  redo,
  sameDoc,
  startHistory,
  undo,
  type History,
  type PageDoc,
} from "./editor-logic";

export const AUTOSAVE_DELAY_MS = 1000;

export type SaveState =
  | { kind: "saved" }
  | { kind: "pending" }
  | { kind: "saving" }
  /** The last try failed on the network or the server; another starts by itself shortly. */
  | { kind: "retrying"; message: string }
  | { kind: "failed"; message: string; field: string | null }
  | { kind: "conflict"; message: string };

export interface PageEditor {
  doc: PageDoc;
  /** The page as the server last answered (status, revision, public URL…). */
  page: Page;
  save: SaveState;
  canUndo: boolean;
  canRedo: boolean;
  /** Replaces the document; edits with the same key in quick succession are one undo step. */
  change: (update: (doc: PageDoc) => PageDoc, key?: string | null) => void;
  undo: () => void;
  redo: () => void;
  retry: () => void;
  /** Saves what is pending now and resolves with the saved page (rejects when the save fails). */
  flush: () => Promise<Page>;
  /** Takes a page the server changed (generation, restore, publish); `undoable` keeps the previous text one Undo away. */
  adopt: (page: Page, options?: { undoable?: boolean }) => void;
  /** Takes the server's answer to an action that did not change the document (publish, unpublish). */
  sync: (page: Page) => void;
  /** After a CONFLICT: the newest saved version replaces the editor's, whose text stays one Undo away. */
  takeNewest: (newest: Page) => void;
  /** After a CONFLICT: the editor's text is saved over the newest revision. */
  keepMine: (newest: Page) => void;
}

export function usePageEditor(initial: Page): PageEditor {
  const queryClient = useQueryClient();
  const [history, setHistory] = useState<History>(() => startHistory(docOf(initial)));
  const [page, setPage] = useState(initial);
  const [save, setSave] = useState<SaveState>({ kind: "saved" });
  const saved = useRef({ doc: docOf(initial), revision: initial.revision });
  const id = initial.id;
  const present = useRef(history.present);
  present.current = history.present;
  const blocked = useRef(false); // a conflict stops autosave until the merchant chooses
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const attempt = useRef(0); // automatic retries of the current save so far
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
      clearTimeout(timer.current);
    },
    [],
  );

  const confirm = useCallback(
    (next: Page, doc: PageDoc) => {
      saved.current = { doc, revision: next.revision };
      queryClient.setQueryData(pageKeys.detail(next.id), next);
      void queryClient.invalidateQueries({ queryKey: pageKeys.list() });
      if (mounted.current) setPage(next);
    },
    [queryClient],
  );

  // One save at a time, in order: each reads the document and revision when its turn comes.
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const saveOnce = useCallback(async (): Promise<Page> => {
    const doc = present.current;
    if (sameDoc(doc, saved.current.doc)) {
      if (mounted.current) setSave({ kind: "saved" });
      return queryClient.getQueryData<Page>(pageKeys.detail(id)) ?? initial;
    }
    if (mounted.current) setSave({ kind: "saving" });
    try {
      const next = await savePage(id, { ...doc, baseRevision: saved.current.revision });
      attempt.current = 0;
      confirm(next, doc);
      if (mounted.current) {
        if (sameDoc(present.current, doc)) setSave({ kind: "saved" });
        else {
          // Edits made while this save was under way (an undo back to the old text included) get their own.
          setSave({ kind: "pending" });
          scheduleSave.current(AUTOSAVE_DELAY_MS);
        }
      }
      return next;
    } catch (err) {
      if (mounted.current) {
        if (!isConflict(err) && isRetryable(err) && attempt.current < SYNC_RETRY_DELAYS_MS.length) {
          setSave({ kind: "retrying", message: errorMessage(err, "Check your connection.") });
          scheduleSave.current(SYNC_RETRY_DELAYS_MS[attempt.current]);
          attempt.current += 1;
        } else if (isConflict(err)) {
          blocked.current = true;
          setSave({ kind: "conflict", message: errorMessage(err, "This page was saved elsewhere.") });
        } else {
          attempt.current = 0;
          setSave({
            kind: "failed",
            message: errorMessage(err, "Check your connection and try again."),
            field: fieldOf(err),
          });
        }
      }
      throw err;
    }
    // The first page is only a fallback: a new answer for it must not restart autosave.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [confirm, id, queryClient]);

  const runSave = useCallback((): Promise<Page> => {
    const next = chain.current.catch(() => undefined).then(saveOnce);
    chain.current = next;
    return next;
  }, [saveOnce]);
  // The next autosave in `ms` (one timer: a newer edit or retry replaces the one waiting).
  const scheduleSave = useRef((ms: number) => void ms);
  scheduleSave.current = (ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void runSave().catch(() => undefined), ms);
  };

  // Autosave: about a second after the last edit, unless a conflict waits for a choice or the last try failed.
  useEffect(() => {
    if (blocked.current) return;
    if (sameDoc(history.present, saved.current.doc)) {
      // Back to what the server has (undo to the saved text, or a server answer adopted): nothing waits.
      setSave((s) => (s.kind === "pending" ? { kind: "saved" } : s));
      return;
    }
    setSave((s) =>
      s.kind === "failed" || s.kind === "conflict" || s.kind === "saving" || s.kind === "retrying" ? s : { kind: "pending" },
    );
    // A failed save is tried again on the next edit (this effect) or by Retry.
    attempt.current = 0;
    scheduleSave.current(AUTOSAVE_DELAY_MS);
  }, [history.present]);

  // Leaving with unsaved edits asks first (the browser's own prompt).
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!sameDoc(present.current, saved.current.doc)) e.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);

  const change = useCallback((update: (doc: PageDoc) => PageDoc, key: string | null = null) => {
    setHistory((h) => edit(h, update(h.present), key, Date.now()));
  }, []);

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    if (blocked.current) throw new Error("Resolve the conflict first: choose which version to keep.");
    return runSave();
  }, [runSave]);

  const adopt = useCallback(
    (next: Page, { undoable = false }: { undoable?: boolean } = {}) => {
      const doc = docOf(next);
      confirm(next, doc);
      setHistory((h) => (undoable ? edit(h, doc, null, Date.now()) : { ...h, present: doc }));
      setSave({ kind: "saved" });
    },
    [confirm],
  );

  const sync = useCallback(
    (next: Page) => {
      saved.current = { ...saved.current, revision: next.revision };
      queryClient.setQueryData(pageKeys.detail(next.id), next);
      void queryClient.invalidateQueries({ queryKey: pageKeys.list() });
      setPage(next);
    },
    [queryClient],
  );

  const takeNewest = useCallback(
    (newest: Page) => {
      blocked.current = false;
      adopt(newest, { undoable: true });
    },
    [adopt],
  );

  const keepMine = useCallback(
    (newest: Page) => {
      blocked.current = false;
      saved.current = { doc: docOf(newest), revision: newest.revision };
      setPage(newest);
      runSave().catch(() => undefined);
    },
    [runSave],
  );

  return {
    doc: history.present,
    page,
    save,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    change,
    undo: useCallback(() => setHistory(undo), []),
    redo: useCallback(() => setHistory(redo), []),
    retry: useCallback(() => {
      blocked.current = false;
      runSave().catch(() => undefined);
    }, [runSave]),
    flush,
    adopt,
    sync,
    takeNewest,
    keepMine,
  };
}
