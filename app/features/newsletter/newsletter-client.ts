/** The browser's newsletter API client (functions/newsletter.ts). */
import type { NewsletterSignupResultSchema } from "~/domain/contracts/platform";
import { apiRequest } from "~/lib/http";
import type { z } from "zod";
import type { NewsletterSource } from "./newsletter-logic";

export type NewsletterSignupResult = z.infer<typeof NewsletterSignupResultSchema>;

export async function subscribeToNewsletter(email: string, source: NewsletterSource): Promise<NewsletterSignupResult> {
  const res = await apiRequest("POST", "/api/omnisend/newsletter-signup", { email, source }, { timeoutMs: 20_000 });
  return (await res.json()) as NewsletterSignupResult;
}
