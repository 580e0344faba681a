/** The one cache-key family of the admin area: every action invalidates `adminKeys.all`. */
export const adminKeys = {
  all: ["/api/admin"] as const,
  overview: () => ["/api/admin", "overview"] as const,
  users: (q: string) => ["/api/admin", "users", q] as const,
  user: (id: number) => ["/api/admin", "users", "detail", id] as const,
  userTickets: (id: number) => ["/api/admin", "support", "tickets", id] as const,
  audit: (q: string) => ["/api/admin", "audit-log", q] as const,
  refreshes: () => ["/api/admin", "catalog", "refreshes"] as const,
  answerReports: () => ["/api/admin", "answer-reports"] as const,
};
