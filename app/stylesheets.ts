import type { LinksFunction } from "@remix-run/cloudflare";
import appStylesheet from "~/tailwind.css";
import landingStylesheet from "~/landing.css";

/**
 * Which stylesheet a route loads. The landing page has its own (app/landing.css, a third of the
 * app's); every other route links the app's. They are route links, not the root's, so a client
 * navigation from the landing to any other page waits for the app's stylesheet before it shows
 * the page (Remix awaits a new route's stylesheet links), and the landing never downloads it.
 */
export const appStylesheetLinks: LinksFunction = () => [{ rel: "stylesheet", href: appStylesheet }];
export const landingStylesheetLinks: LinksFunction = () => [{ rel: "stylesheet", href: landingStylesheet }];

/** For a screen rendered outside every route's links (the root's error boundary). */
export const APP_STYLESHEET_HREF = appStylesheet;
