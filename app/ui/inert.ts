/**
 * `inert` for React 18, which does not know the attribute yet: an empty string turns it on
 * (React 19 takes a boolean). Content behind a full-screen gate or dialog gets it, so keyboard
 * focus and clicks never reach what the user cannot see.
 */
export function inertWhen(on: boolean): { inert?: "" } {
  return on ? { inert: "" } : {};
}
