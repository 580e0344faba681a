/** The legal feature's public face: routes and other features import only what is listed here. */
export { COOKIE_POLICY } from "./documents/cookie-policy";
export { PRIVACY } from "./documents/privacy";
export { REFUND_POLICY } from "./documents/refund-policy";
export { SECURITY_POLICY } from "./documents/security-policy";
export { TERMS } from "./documents/terms";
export { LegalLayout, legalMeta } from "./legal-layout";
export { PublicPage } from "./site-chrome";
export { SupportEmailLink } from "./support-email";
