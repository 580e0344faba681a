/** The one cache-key family of the affiliate program. */
export const affiliateKeys = {
  all: ["/api/affiliate"] as const,
  mine: () => ["/api/affiliate", "mine"] as const,
  staff: (status: string) => ["/api/affiliate", "staff", status] as const,
};
