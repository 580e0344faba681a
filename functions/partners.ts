import { createRouter } from "./context";

/** Issue 16: being built. */
export const partners = createRouter();
