/**
 * The spec's client stores (sections 3, 4 and 9): the chat store and the project store in local
 * storage, each with a per-user backup `user_{id}_chats` / `user_{id}_projects` holding a
 * timestamp and the data. The server stays the source of truth; these keep the last known state
 * for a fast start and a backup at logout, and a merge never loses a message.
 *
 * Framework-free: the storage and the clock come in, so the rules are unit-tested in plain vitest.
 */

/** What the stores need of `localStorage`. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

export interface StoredItem {
  id: string;
  updatedAt?: string;
}

export interface LocalStoreOptions {
  /** The store's own key ("chat-store"). */
  storageKey: string;
  /** The per-user backup's key ("user_{id}_chats"). */
  backupKey(userId: number): string;
  /** Items kept in memory, and after a storage error. */
  memoryCap: number;
  memoryCapAfterError: number;
  /** Items written to storage. */
  persistCap: number;
  /** What a full storage does: clean the store's keys and keep this many items (0 clears the list). */
  keepWhenFull: number;
  /** Whether a key is one of this store's per-user backups (cleaned when storage is full). */
  isBackupKey(key: string): boolean;
  /** Combines what the server says with what is kept locally (the server wins; nothing is lost). */
  merge<T extends StoredItem>(local: T[], incoming: T[]): T[];
}

/** Backups older than this are ignored and removed (spec section 9). */
export const BACKUP_STALE_MS = 30 * 24 * 60 * 60 * 1000;
/** Logout clears the user id this long after the backup (spec section 4). */
export const LOGOUT_CLEAR_DELAY_MS = 100;

interface Backup<T> {
  timestamp: number;
  data: T[];
}

function newestFirst<T extends StoredItem>(items: T[]): T[] {
  return items.slice().sort((a, b) => (b.updatedAt ?? "").localeCompare(a.updatedAt ?? ""));
}

function isQuotaError(err: unknown): boolean {
  return err instanceof Error && (/quota/i.test(err.name) || /quota/i.test(err.message));
}

/** A store of one user's items, kept in memory and in storage, with its backup. */
export function createLocalStore<T extends StoredItem>(options: LocalStoreOptions, storage: () => StorageLike | null, now: () => number = Date.now) {
  let userId: number | null = null;
  let items: T[] = [];
  let memoryCap = options.memoryCap;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  const read = <V>(key: string): V | null => {
    try {
      const raw = storage()?.getItem(key);
      return raw ? (JSON.parse(raw) as V) : null;
    } catch {
      return null;
    }
  };

  /**
   * Writes `build()`; when storage is full, cleans the store's keys (other users' backups and the
   * store itself), keeps fewer items (and fewer in memory from then on) and writes once more.
   */
  const write = (key: string, build: () => unknown) => {
    const s = storage();
    if (!s) return;
    try {
      s.setItem(key, JSON.stringify(build()));
    } catch (err) {
      if (!isQuotaError(err)) return;
      memoryCap = options.memoryCapAfterError;
      cleanUp(s);
      items = newestFirst(items).slice(0, options.keepWhenFull);
      try {
        s.setItem(key, JSON.stringify(build()));
      } catch {
        // Still full: the state lives in memory until the next write.
      }
      emit();
    }
  };

  const cleanUp = (s: StorageLike) => {
    const doomed: string[] = [];
    for (let i = 0; i < s.length; i++) {
      const key = s.key(i);
      if (key && (key === options.storageKey || (options.isBackupKey(key) && (userId === null || key !== options.backupKey(userId))))) doomed.push(key);
    }
    for (const key of doomed) s.removeItem(key);
  };

  const persist = () => {
    if (userId === null) return;
    items = newestFirst(items).slice(0, memoryCap);
    write(options.storageKey, () => ({ state: { userId, items: items.slice(0, options.persistCap) }, version: 1 }));
  };

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** The signed-in user's items (none while signed out: other users' data is never shown). */
    getSnapshot(): readonly T[] {
      return userId === null ? [] : items;
    },
    get userId() {
      return userId;
    },
    get memoryCap() {
      return memoryCap;
    },
    /** After sign-in: this user's persisted items and fresh backup, merged; another user's are not loaded. */
    initUser(id: number) {
      userId = id;
      const persisted = read<{ state?: { userId?: number; items?: T[] } }>(options.storageKey)?.state;
      const own = persisted?.userId === id && Array.isArray(persisted.items) ? persisted.items : [];
      const backupKey = options.backupKey(id);
      const backup = read<Backup<T>>(backupKey);
      let restored: T[] = [];
      if (backup && Array.isArray(backup.data)) {
        if (now() - backup.timestamp > BACKUP_STALE_MS) storage()?.removeItem(backupKey);
        else restored = backup.data;
      }
      items = newestFirst(options.merge(restored, own)).slice(0, memoryCap);
      emit();
    },
    /** What the server says, merged in (the server decides what exists; a merge never loses a message). */
    receive(incoming: T[]) {
      if (userId === null) return;
      items = newestFirst(options.merge(items, incoming)).slice(0, memoryCap);
      persist();
      emit();
    },
    /** Drops items the user deleted (an explicit deletion, not a loss). */
    remove(ids: readonly string[]) {
      items = items.filter((item) => !ids.includes(item.id));
      persist();
      emit();
    },
    /** Writes the user's backup: `{timestamp, data}` under its per-user key. */
    backupNow() {
      if (userId === null) return;
      const key = options.backupKey(userId);
      write(key, () => ({ timestamp: now(), data: newestFirst(items).slice(0, options.persistCap) }));
    },
    /** Logout: back up first, then forget the user after 100 ms (their data stays in storage, out of view). */
    logout(): Promise<void> {
      this.backupNow();
      return new Promise((resolve) =>
        setTimeout(() => {
          userId = null;
          items = [];
          emit();
          resolve();
        }, LOGOUT_CLEAR_DELAY_MS),
      );
    },
  };
}

export type LocalStore<T extends StoredItem> = ReturnType<typeof createLocalStore<T>>;

/** A stored chat: the server's summary and the messages this browser has seen. */
export interface StoredChat extends StoredItem {
  title: string;
  updatedAt: string;
  messages?: StoredMessage[];
}

export interface StoredMessage {
  id: string;
  role: string;
  content: string;
  createdAt: string;
  parentId?: string | null;
}

/**
 * Merges chats: an incoming chat's fields win over the local copy's, and its messages are added
 * to the local ones (an incoming message replaces the local one with its id; local messages the
 * incoming copy lacks are kept). The list order is by last update.
 */
export function mergeChats<T extends StoredChat>(local: T[], incoming: T[]): T[] {
  const byId = new Map(local.map((c) => [c.id, c]));
  for (const chat of incoming) {
    const mine = byId.get(chat.id);
    if (!mine) {
      byId.set(chat.id, chat);
      continue;
    }
    const messages = new Map((mine.messages ?? []).map((m) => [m.id, m]));
    for (const m of chat.messages ?? []) messages.set(m.id, m);
    const merged = [...messages.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    byId.set(chat.id, { ...mine, ...chat, ...(merged.length ? { messages: merged } : {}) });
  }
  return [...byId.values()];
}

/** Projects: the incoming copy wins, nothing local is dropped by a merge. */
export function mergeById<T extends StoredItem>(local: T[], incoming: T[]): T[] {
  const byId = new Map(local.map((item) => [item.id, item]));
  for (const item of incoming) byId.set(item.id, { ...byId.get(item.id), ...item });
  return [...byId.values()];
}

/** The spec's two stores. */
export const CHAT_STORE_OPTIONS: LocalStoreOptions = {
  storageKey: "chat-store",
  backupKey: (id) => `user_${id}_chats`,
  isBackupKey: (key) => /^user_\d+_chats$/.test(key),
  memoryCap: 50,
  memoryCapAfterError: 20,
  persistCap: 20,
  keepWhenFull: 10,
  merge: mergeChats as LocalStoreOptions["merge"],
};

export const PROJECT_STORE_OPTIONS: LocalStoreOptions = {
  storageKey: "project-store",
  backupKey: (id) => `user_${id}_projects`,
  isBackupKey: (key) => /^user_\d+_projects$/.test(key),
  memoryCap: 50,
  memoryCapAfterError: 20,
  // Spec section 9: "Persisted projects: the last 50" (chats keep 20).
  persistCap: 50,
  keepWhenFull: 0,
  merge: mergeById,
};
