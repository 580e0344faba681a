/**
 * Knowledge-base uploads in progress: one request per file, one file at a time, each with its
 * phase (queued, uploading with its bytes, extracting while the server reads it) or why it
 * failed. A file the client check refuses is never sent; the server checks again and its
 * message is shown as it is. Finished files go into the project's caches and leave this list.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ProjectFile } from "~/domain/contracts/projects";
import { errorMessage } from "~/lib/http";
import { checkFile } from "./project-logic";
import { uploadFile } from "./projects-client";
import { putFileInCache, refreshAfterUpload } from "./use-projects";

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  phase: "queued" | "uploading" | "extracting" | "failed";
  /** Bytes sent so far. */
  loaded: number;
  error?: string;
  /** Refused by the check before sending (type, size): trying again cannot help. */
  refused?: boolean;
  /** The file this upload replaces (PUT), if any. */
  replaceOf?: string;
  file: File;
  projectId: string;
}

export interface UploadBatchResult {
  uploaded: ProjectFile[];
  /** How many of the batch did not go in (refused before sending, or by the server). */
  failed: number;
}

let nextKey = 0;

export function useUploads() {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const update = useCallback((key: string, patch: Partial<UploadItem>) => {
    if (mounted.current) setItems((prev) => prev.map((it) => (it.key === key ? { ...it, ...patch } : it)));
  }, []);

  const send = useCallback(
    async (item: UploadItem): Promise<ProjectFile | null> => {
      update(item.key, { phase: "uploading", loaded: 0, error: undefined });
      try {
        const file = await uploadFile(item.projectId, item.file, {
          replace: item.replaceOf,
          onProgress: (p) => update(item.key, { phase: p.phase, loaded: p.loaded }),
        });
        putFileInCache(queryClient, item.projectId, file);
        if (mounted.current) setItems((prev) => prev.filter((it) => it.key !== item.key));
        return file;
      } catch (err) {
        console.warn("[projects] knowledge-base upload failed:", item.name, err);
        update(item.key, { phase: "failed", error: errorMessage(err, `Couldn't upload "${item.name}". Try again.`) });
        return null;
      }
    },
    [queryClient, update],
  );

  /** Queues files for a project; resolves when this batch is done, with what went in and what did not. */
  const upload = useCallback(
    (projectId: string, files: readonly File[], options: { replaceOf?: string } = {}): Promise<UploadBatchResult> => {
      const batch: UploadItem[] = files.map((file) => {
        const problem = checkFile(file);
        return {
          key: `upload-${++nextKey}`,
          name: file.name,
          size: file.size,
          phase: problem ? "failed" : "queued",
          loaded: 0,
          ...(problem ? { error: problem, refused: true } : {}),
          ...(options.replaceOf ? { replaceOf: options.replaceOf } : {}),
          file,
          projectId,
        };
      });
      setItems((prev) => [...prev, ...batch]);
      const run = chain.current.then(async (): Promise<UploadBatchResult> => {
        const uploaded: ProjectFile[] = [];
        let failed = 0;
        for (const item of batch) {
          if (item.phase === "failed") {
            failed += 1;
            continue;
          }
          const file = await send(item);
          if (file) uploaded.push(file);
          else failed += 1;
        }
        if (uploaded.length) refreshAfterUpload(queryClient, projectId);
        return { uploaded, failed };
      });
      chain.current = run.catch(() => undefined);
      return run;
    },
    [queryClient, send],
  );

  /** Sends a failed file again (one the client check refused is checked again first). */
  const retry = useCallback(
    (key: string) => {
      const item = items.find((it) => it.key === key);
      if (!item) return;
      setItems((prev) => prev.filter((it) => it.key !== key));
      void upload(item.projectId, [item.file], item.replaceOf ? { replaceOf: item.replaceOf } : {});
    },
    [items, upload],
  );

  const dismiss = useCallback((key: string) => setItems((prev) => prev.filter((it) => it.key !== key)), []);

  const busy = items.some((it) => it.phase !== "failed");
  return { items, upload, retry, dismiss, busy };
}
