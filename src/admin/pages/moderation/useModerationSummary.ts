// The desk's figures (GET /moderation/summary) for whoever has Report-list: the menu badge, the app-bar
// alerts and the dashboard tiles share one query. Read again on each page the person opens: issue 35's
// live push has not landed, so "live" here is "at each page load or navigation" (replace the refetch
// with the push's event when it does).
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { canAccess } from '@shared/access';
import { moderation } from '../../providers/dataProvider';
import { usePrincipal } from '../../providers/useStaff';

export const SUMMARY_KEY = ['moderation', 'summary'] as const;

export function useModerationSummary() {
  const allowed = canAccess(usePrincipal(), 'moderation');
  return useQuery({ queryKey: SUMMARY_KEY, queryFn: ({ signal }) => moderation.summary(signal), enabled: allowed, meta: { silent: true }, staleTime: 0 });
}

/** Reads the summary again whenever the page changes (one place does it: the app bar's bell). */
export function useSummaryOnNavigation(refetch: () => unknown) {
  const { pathname } = useLocation();
  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);
}
