/** The spec's client stores (chat and project) with their per-user backups. */
export { backUpAndForgetUser, chatStore, initLocalStores, projectStore, type StoredProject } from "./stores";
