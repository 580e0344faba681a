/**
 * The one cache-key family for projects. Everything lives under `projectKeys.all`, so one
 * invalidation refreshes every project screen; a project's own keys live under its detail key.
 */
export const projectKeys = {
  /** Everything about projects. */
  all: ["/api/projects"] as const,
  /** The list (`GET /api/projects`). */
  list: () => ["/api/projects", "list"] as const,
  /** One project, and the prefix of everything that belongs to it. */
  detail: (id: string) => ["/api/projects", "project", id] as const,
  /** Its knowledge base with the account's storage use (`GET /api/projects/{id}/files`). */
  files: (id: string) => ["/api/projects", "project", id, "files"] as const,
  /** One file with its passages (`GET /api/projects/{id}/files/{fileId}`). */
  file: (id: string, fileId: string) => ["/api/projects", "project", id, "files", fileId] as const,
  /** Its canon (`GET /api/projects/{id}/canon`). */
  canon: (id: string) => ["/api/projects", "project", id, "canon"] as const,
  /** Its chats (`GET /api/chats`, those with its projectId). */
  chats: (id: string) => ["/api/projects", "project", id, "chats"] as const,
};
