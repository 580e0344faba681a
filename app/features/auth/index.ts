/** The auth feature's public face: routes and other features import only what is listed here. */
export { ApiFailure, clearAuthToken, type MessageResult, requestJson, toApiFailure, toAuthUser } from "./auth-client";
export { AuthGuard } from "./auth-guard";
export { AuthLink } from "./auth-link";
export { EmailChangeForm } from "./email-change-form";
export { ForgotPasswordScreen } from "./forgot-password-screen";
export { Button, FormAlert, inputClass, PasswordField, TextField } from "./form-controls";
export { LoginScreen } from "./login-screen";
export { ResetPasswordScreen } from "./reset-password-screen";
export { SignupScreen } from "./signup-screen";
export { useForm } from "./use-form";
export { startResendCooldown } from "./use-resend-verification";
export { emailError, newPasswordErrors, usernameError } from "./validation";
export { VerifyEmailScreen } from "./verify-email-screen";
export { isEmailNotVerifiedError } from "./route-errors";
