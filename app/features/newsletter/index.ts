/** The newsletter's public face: the sign-up form of the landing footer and the help center. */
export { NewsletterSignupForm, type NewsletterSignupFormProps } from "./newsletter-signup-form";
