// The bulk edit's pieces on a list (issue 35), loaded with the first list that offers it (the initial
// JavaScript's budget): the bulk edit button beside a table's own bulk buttons, and my jobs' progress.
import { type ReactNode, Suspense } from 'react';
import { useResourceContext } from 'react-admin';
import { bulkOf, resourceNamed } from '@shared/resources/index';
import { lazyNamed } from '../../lazy';

const LazyBulkEditButton = lazyNamed(() => import('./BulkEditButton'), 'BulkEditButton');
const LazyBulkProgress = lazyNamed(() => import('./BulkProgress'), 'BulkProgress');

const useBulk = () => {
  const resource = useResourceContext();
  const declaration = resource ? resourceNamed(resource) : undefined;
  return declaration ? bulkOf(declaration) : undefined;
};

/** A table's bulk buttons with the bulk edit added where the resource declares it (the spec's own kept). */
export function useBulkButtons(own: ReactNode | false): ReactNode | false {
  const bulk = useBulk();
  if (!bulk) return own;
  return (
    <>
      {own || null}
      <Suspense fallback={null}>
        <LazyBulkEditButton />
      </Suspense>
    </>
  );
}

/** My bulk jobs under way and the Undo of one just finished, above a list that changes in bulk. */
export function BulkJobs() {
  return useBulk() ? (
    <Suspense fallback={null}>
      <LazyBulkProgress />
    </Suspense>
  ) : null;
}
