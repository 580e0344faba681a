import {
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordLength,
  USERNAME_PATTERN,
  USERNAME_RULE,
} from "~/features/auth/auth-client";

/** Client-side checks mirroring the server's rules; the server's answer still has the last word. */
export function usernameError(value: string): string | undefined {
  const username = value.trim();
  if (!username) return "Choose a username.";
  if (!USERNAME_PATTERN.test(username)) return USERNAME_RULE;
  return undefined;
}

export function emailError(value: string): string | undefined {
  const email = value.trim();
  if (!email) return "Enter your email address.";
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) return "Enter a valid email address, like you@store.com.";
  return undefined;
}

/** The length rule of a new password (8 to 128 characters as typed). */
export function passwordRuleError(password: string): string | undefined {
  if (!password) return "Choose a password.";
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
  if (length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
  return undefined;
}

/** New password plus its confirmation, as on signup, reset and the settings password form. */
export function newPasswordErrors(
  password: string,
  confirmPassword: string,
  context: { username?: string; email?: string } = {},
): { password?: string; confirmPassword?: string } {
  let passwordError = passwordRuleError(password);
  const lower = password.toLowerCase();
  if (!passwordError && context.username && lower === context.username.toLowerCase()) {
    passwordError = "Password must not be your username.";
  }
  if (!passwordError && context.email && lower === context.email.toLowerCase()) {
    passwordError = "Password must not be your email address.";
  }
  let confirmError: string | undefined;
  if (!confirmPassword) confirmError = "Confirm your password.";
  else if (confirmPassword !== password) confirmError = "Passwords do not match.";
  return { password: passwordError, confirmPassword: confirmError };
}
