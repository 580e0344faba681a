/** The canon demo's public face: the /canonical-demo walkthrough. */
export { CanonicalDemoScreen } from "./canonical-demo-screen";
