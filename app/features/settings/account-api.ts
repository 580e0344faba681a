/**
 * The signed-in user's account calls (functions/account.ts). Each mutation answers with the
 * server's message; failures are ApiFailure with the server's words and per-field problems.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { downloadJson } from "~/ui/download";
import { apiRequest } from "~/lib/http";
import { ApiFailure, clearAuthToken, requestJson, toApiFailure, toAuthUser, type MessageResult } from "~/features/auth";
import { AUTH_ME_KEY, type AuthUser } from "~/features/account";

export const SESSIONS_KEY = ["/api/account/sessions"] as const;

export interface AccountSession {
  id: string;
  createdAt: string;
  lastSeenAt: string | null;
  expiresAt: string;
  userAgent: string | null;
  ipAddress: string | null;
  current: boolean;
}

interface UserResult {
  success: true;
  data: AuthUser;
  message: string;
}

/** GET /api/account/sessions, refetched whenever the screen mounts. */
export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: async () => {
      const body = await requestJson<{ data: AccountSession[] }>(
        "GET",
        SESSIONS_KEY[0],
        undefined,
        "Failed to load your sessions",
      );
      return body.data;
    },
    staleTime: 0,
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation<MessageResult, ApiFailure, string>({
    mutationFn: (id) =>
      requestJson<MessageResult>(
        "DELETE",
        `/api/account/sessions/${encodeURIComponent(id)}`,
        undefined,
        "Failed to sign out that session",
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useChangeUsername() {
  const queryClient = useQueryClient();
  return useMutation<UserResult, ApiFailure, { username: string }>({
    mutationFn: (input) =>
      requestJson<UserResult>("PATCH", "/api/account/username", input, "Failed to update your username"),
    onSuccess: (result) => {
      queryClient.setQueryData(AUTH_ME_KEY, toAuthUser(result.data));
      void queryClient.invalidateQueries({ queryKey: AUTH_ME_KEY });
    },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation<MessageResult, ApiFailure, { currentPassword: string; newPassword: string }>({
    mutationFn: (input) =>
      requestJson<MessageResult>("POST", "/api/account/password", input, "Failed to change your password"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** DELETE /api/account; on success this browser forgets the account entirely. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation<MessageResult, ApiFailure, { password: string }>({
    mutationFn: (input) => requestJson<MessageResult>("DELETE", "/api/account", input, "Failed to delete your account"),
    onSuccess: () => {
      clearAuthToken();
      queryClient.clear();
      // Known signed out: nothing refetches the current user (and meets a 401).
      queryClient.setQueryData(AUTH_ME_KEY, null);
    },
  });
}

/** The export file name: the server's Content-Disposition, or dropcraft-data-YYYY-MM-DD.json. */
export function exportFileName(contentDisposition: string | null, now = new Date()): string {
  const match = contentDisposition?.match(/filename="?([^";]+)"?/i);
  const name = match?.[1]?.trim();
  if (name && /^[\w.-]+$/.test(name)) return name;
  return `dropcraft-data-${now.toISOString().slice(0, 10)}.json`;
}

/** GET /api/account/export, saved as a JSON file through a temporary object URL. */
export function useExportData() {
  return useMutation<string, ApiFailure, void>({
    mutationFn: async () => {
      let res: Response;
      try {
        res = await apiRequest("GET", "/api/account/export");
      } catch (err) {
        throw toApiFailure(err, "Failed to download your data");
      }
      const text = await res.text();
      const pretty = (() => {
        try {
          return JSON.stringify(JSON.parse(text), null, 2);
        } catch {
          return text;
        }
      })();
      const fileName = exportFileName(res.headers.get("content-disposition"));
      downloadJson(pretty, fileName);
      return fileName;
    },
  });
}
