/** One inspection at a time: a mutation (each press asks again; nothing is cached). */
import { useMutation } from "@tanstack/react-query";
import { inspectUrl } from "./url-inspection-client";

export function useUrlInspection() {
  return useMutation({ mutationKey: ["/api/url-inspections"], mutationFn: (url: string) => inspectUrl(url) });
}
