import { createRouter } from "./context";

/** Issue 16: being built. */
export const help = createRouter();
