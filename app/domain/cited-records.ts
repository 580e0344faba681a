/**
 * The addresses of a project's own cited records (zod-free: the chat page reads them). Catalog
 * records are cited by their own ids; a passage and a canon entry carry their project with them.
 */
/** A cited passage's address: the project, the file and the passage. */
export function passageRecordId(projectId: string, fileId: string, passageId: number | string): string {
  return `${projectId}:${fileId}:${passageId}`;
}

export function parsePassageRecordId(id: string): { projectId: string; fileId: string; passageId: string } | null {
  const [projectId, fileId, passageId, ...rest] = id.split(":");
  return projectId && fileId && passageId && rest.length === 0 ? { projectId, fileId, passageId } : null;
}

/** A cited canon entry's address: the project and the entry's dotted path. */
export function canonRecordId(projectId: string, path: string): string {
  return `${projectId}:${path}`;
}

export function parseCanonRecordId(id: string): { projectId: string; path: string } | null {
  const at = id.indexOf(":");
  return at > 0 && at < id.length - 1 ? { projectId: id.slice(0, at), path: id.slice(at + 1) } : null;
}
