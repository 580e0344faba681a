/** Feedback's public face: the /feedback board and the moderation panel for /admin. */
export { FeedbackScreen } from "./feedback-screen";
export { AdminFeedbackPanel } from "./admin-feedback-panel";
