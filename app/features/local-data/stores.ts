/**
 * The browser's two spec stores (chat and project), on localStorage: the rules are in
 * app/domain/local-stores.ts; this file only binds them to the browser's storage.
 */
import {
  CHAT_STORE_OPTIONS,
  createLocalStore,
  PROJECT_STORE_OPTIONS,
  type StorageLike,
  type StoredChat,
} from "~/domain/local-stores";

function browserStorage(): StorageLike | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null; // storage blocked (private mode settings): memory only
  }
}

export interface StoredProject {
  id: string;
  name: string;
  updatedAt?: string;
}

export const chatStore = createLocalStore<StoredChat>(CHAT_STORE_OPTIONS, browserStorage);
export const projectStore = createLocalStore<StoredProject>(PROJECT_STORE_OPTIONS, browserStorage);

/** After sign-in (the numeric user id is known): load this user's stores and backups. */
export function initLocalStores(userId: number) {
  if (chatStore.userId !== userId) chatStore.initUser(userId);
  if (projectStore.userId !== userId) projectStore.initUser(userId);
}

/** Logout: back up both stores, then forget the user after 100 ms. */
export function backUpAndForgetUser(): Promise<void> {
  return Promise.all([chatStore.logout(), projectStore.logout()]).then(() => undefined);
}
