/** The one cache-key family of the AI Launcher: everything lives under `launcherKeys.all`. */
export const launcherKeys = {
  all: ["/api/ad-launcher"] as const,
  account: () => ["/api/ad-launcher", "account"] as const,
  products: (ref: string | null) => ["/api/ad-launcher", "products", ref ?? ""] as const,
  destination: (url: string) => ["/api/ad-launcher", "destination-check", url] as const,
  launches: () => ["/api/ad-launcher", "launches"] as const,
};
