/**
 * Application start rules of spec section 4: the build-version check with its hard refresh,
 * and clearing browser caches and service workers on every start.
 */
export const BUILD_VERSION_KEY = "build-version";

/**
 * Returns the URL to hard-refresh to, or null. A first visit (nothing stored) just records the
 * version: the page already is the newest build, so reloading it would only cost time.
 */
export function buildVersionReloadUrl(
  current: string,
  stored: string | null,
  location: { origin: string; pathname: string; hash?: string },
  now: number = Date.now(),
): string | null {
  if (!current || stored === null || stored === current) return null;
  const params = new URLSearchParams({ v: current, t: String(now) });
  return `${location.origin}${location.pathname}?${params.toString()}${location.hash ?? ""}`;
}

export function checkBuildVersion(current: string): void {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(BUILD_VERSION_KEY);
    localStorage.setItem(BUILD_VERSION_KEY, current);
  } catch {
    return; // storage disabled: nothing to compare against
  }
  const target = buildVersionReloadUrl(current, stored, window.location);
  if (target) window.location.replace(target);
}

/**
 * Clears Cache Storage and unregisters service workers; failures are swallowed (spec section 8).
 * Each half is tried on its own, so a Cache Storage failure still unregisters the service workers.
 */
export async function clearBrowserCaches(): Promise<void> {
  try {
    if ("caches" in window) {
      const keys = await caches.keys();
      await Promise.all(keys.map((key) => caches.delete(key)));
    }
  } catch {
    // Cache refresh failure is swallowed by design.
  }
  try {
    if ("serviceWorker" in navigator) {
      const registrations = await navigator.serviceWorker.getRegistrations();
      await Promise.all(registrations.map((r) => r.unregister()));
    }
  } catch {
    // Likewise for the service workers.
  }
}
