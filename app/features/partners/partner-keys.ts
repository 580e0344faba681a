/** The one cache-key family of partners. */
export const partnerKeys = {
  all: ["/api/partners"] as const,
  directory: (category: string, q: string) => ["/api/partners", "directory", category, q] as const,
  applications: (status: string) => ["/api/partners", "applications", status] as const,
};
