/**
 * A route module's dotted name with an optional segment (`chat.($id)`) serves two paths: without
 * the segment and with it (`chat`, `chat.$id`). The screen walkers and the tutorials' link check
 * read app/routes through this.
 *
 * @param {string} name
 * @returns {string[]}
 */
export function withAndWithoutOptional(name) {
  const parts = name.split(".");
  const optional = (/** @type {string} */ part) => /^\(.+\)$/.test(part);
  if (!parts.some(optional)) return [name];
  return [parts.filter((part) => !optional(part)).join("."), parts.map((part) => part.replace(/^\((.+)\)$/, "$1")).join(".")];
}
