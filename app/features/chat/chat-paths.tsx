import { createContext, useCallback, useContext, type ReactNode } from "react";

/**
 * Where the chat screen lives: /chat, or /mobile for the phone entry. Links and redirects inside
 * the screen build their paths from it, so a chat opened on /mobile stays on /mobile.
 */
const ChatBasePath = createContext("/chat");

export function ChatPathsProvider({ basePath, children }: { basePath: string; children: ReactNode }) {
  return <ChatBasePath.Provider value={basePath}>{children}</ChatBasePath.Provider>;
}

/** The path of a chat (or of the chat screen itself) under the current base. */
export function useChatPath(): (chatId?: string | null) => string {
  const base = useContext(ChatBasePath);
  return useCallback((chatId?: string | null) => (chatId ? `${base}/${chatId}` : base), [base]);
}
