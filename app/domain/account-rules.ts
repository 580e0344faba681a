/**
 * The account rules both the sign-up forms and the server apply. Zod-free on purpose: the forms
 * import them, and the contracts (which use zod) build their schemas from them, so the browser
 * never bundles zod for a few constants.
 */

/** Password length counted in characters, as typed (ADR 004). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{2,31}$/;
export const USERNAME_RULE =
  "Username must be 3 to 32 characters: letters, digits, dots, dashes or underscores, starting with a letter or digit.";
/** A practical shape check for forms; the server's email() schema has the last word. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
