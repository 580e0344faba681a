/** SEO audits for the screen: every page's audit, and applying fixes (which re-audits the page). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SeoAudit, SeoCheckId } from "~/domain/contracts/pages";
import { applySeoFixes, fetchAudits, pageKeys } from "~/features/pages";

export function useAudits() {
  return useQuery({ queryKey: pageKeys.audits(), queryFn: ({ signal }) => fetchAudits(signal) });
}

export function useApplyFixes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pageId, checks }: { pageId: string; checks?: SeoCheckId[] }) => applySeoFixes(pageId, checks),
    onSuccess: ({ audit, page }) => {
      queryClient.setQueryData<SeoAudit[]>(pageKeys.audits(), (old) =>
        old?.map((a) => (a.pageId === audit.pageId ? audit : a)),
      );
      queryClient.setQueryData(pageKeys.detail(page.id), page);
      // The fix is a new revision: the pages list's "last edited" moves.
      void queryClient.invalidateQueries({ queryKey: pageKeys.list() });
    },
  });
}
