/** The affiliate program's light public face: the `?ref=` capture every page mounts (ADR 008, "Light public faces"). */
export { ReferralCapture } from "./use-referral-capture";
