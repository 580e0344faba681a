import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigate,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { ErrorScreen, NotFoundScreen } from "~/features/shell/light";
import { Toaster } from "~/ui/toaster";
import { productFacts, publicConfig } from "~/server/remix/root.server";
import { deviceRedirect, isMobileDevice } from "~/domain/routing";
import { checkBuildVersion, clearBrowserCaches } from "~/features/shell/light";
import { createQueryClient } from "~/lib/query-client";
import { getSessionUser } from "~/server/remix/auth.server";
import { AUTH_ME_KEY } from "~/features/account/light";
import { ReferralCapture } from "~/features/affiliate/light";
import { THEME_BOOT_SCRIPT, ThemeProvider, themeFromCookie, DEFAULT_THEME, type Theme } from "~/lib/theme";
import { SIDEBAR_BOOT_SCRIPT, sidebarCollapsedFromCookie } from "~/features/shell/light";
import { APP_STYLESHEET_HREF } from "~/stylesheets";

export const links: LinksFunction = () => [
  { rel: "preload", href: "/fonts/inter-latin-var.woff2", as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export const meta: MetaFunction = () => [
  { title: "Dropcraft — the AI workspace for e-commerce sellers" },
  {
    name: "description",
    content:
      "Research markets, find winning products, turn a product URL into a store page, make ad visuals and launch ads — one AI workspace for dropshippers and e-commerce marketers.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const cookie = request.headers.get("cookie");
  return {
    user: await getSessionUser(request, context),
    nonce: context.nonce,
    buildVersion: context.buildVersion,
    theme: themeFromCookie(cookie) ?? DEFAULT_THEME,
    // The app shell renders collapsed from the server on (lib/ui-store.ts, shell/sidebar-boot.ts).
    sidebarCollapsed: sidebarCollapsedFromCookie(cookie),
    facts: await productFacts(context),
    ...publicConfig(context),
  };
}

// Nothing in the root data changes between navigations; the live user is the auth query.
export const shouldRevalidate = () => false;

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const theme: Theme = data?.theme ?? DEFAULT_THEME;
  const nonce = data?.nonce;
  return (
    <html
      lang="en"
      className={theme}
      style={{ colorScheme: theme }}
      data-sidebar={data?.sidebarCollapsed ? "collapsed" : undefined}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        {/* resizes-content: an open phone keyboard shrinks the layout, so the chat composer stays above it. */}
        <meta name="viewport" content="width=device-width, initial-scale=1, interactive-widget=resizes-content" />
        <meta name="theme-color" content="#07070c" />
        <Meta />
        <Links />
      </head>
      <body className={theme} suppressHydrationWarning>
        {/* Before first paint: the stored theme and sidebar state (localStorage) win over the cookies. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT + SIDEBAR_BOOT_SCRIPT }}
        />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function useAppStart(buildVersion: string | undefined) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (buildVersion) checkBuildVersion(buildVersion);
    void clearBrowserCaches();
  }, [buildVersion]);
  useEffect(() => {
    const target = deviceRedirect({
      pathname: location.pathname,
      search: location.search,
      isMobile: isMobileDevice({
        width: window.innerWidth,
        userAgent: navigator.userAgent,
        hasTouch: "ontouchstart" in window || navigator.maxTouchPoints > 0,
      }),
    });
    if (target) navigate(target, { replace: true });
  }, [location.pathname, location.search, navigate]);
}

export default function App() {
  const data = useRootData();
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // The server already knows who is signed in: no loader flash, no extra request.
    client.setQueryData(AUTH_ME_KEY, data?.user ?? null);
    return client;
  });
  useAppStart(data?.buildVersion);
  return (
    <ThemeProvider initialTheme={data?.theme ?? DEFAULT_THEME}>
      <QueryClientProvider client={queryClient}>
        <Outlet />
        <Toaster />
        {/* A referral link may point at any page (?ref=CODE on /, /signup, a help article): record it wherever it lands. */}
        <ReferralCapture />
      </QueryClientProvider>
    </ThemeProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRootData();
  const body = isRouteErrorResponse(error) && error.status === 404 ? <NotFoundScreen /> : <ErrorScreen error={error} />;
  return (
    <ThemeProvider initialTheme={data?.theme ?? DEFAULT_THEME}>
      {/* No route's links render above the root's boundary: it brings the app's stylesheet itself. */}
      <link rel="stylesheet" href={APP_STYLESHEET_HREF} />
      {body}
    </ThemeProvider>
  );
}
