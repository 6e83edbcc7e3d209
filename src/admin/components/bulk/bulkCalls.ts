// The bulk edit's calls (server: modules/bulk): start a change, read my jobs, undo a finished one.
import type { BulkChange } from '@shared/resources/index';
import { apiFetch } from '../../providers/httpClient';

export interface BulkJob {
  id: number;
  resource: string;
  state: 'selecting' | 'running' | 'done' | 'failed';
  total: number;
  done: number;
  changed: number;
  undo_of: number | null;
  undone: boolean;
  undo_until: string | null;
  error: string | null;
}

const json = (value: unknown) => ({ method: 'POST', body: JSON.stringify(value), headers: new Headers({ 'Content-Type': 'application/json' }) });

/** Tells the progress panel a job has started here (detail: its id): it reads my jobs at once and toasts its end. */
export const JOB_STARTED = 'bulk-job-started';

function announced(job: BulkJob) {
  window.dispatchEvent(new CustomEvent<number>(JOB_STARTED, { detail: job.id }));
  return job;
}

export const bulkCalls = {
  start: async (resource: string, change: BulkChange, selection: { ids: number[] } | { query: Record<string, string> }) => {
    const job = (await apiFetch<BulkJob>(`/bulk/${resource}`, json({ change, ...selection }))).data;
    return announced(job);
  },
  mine: async () => (await apiFetch<BulkJob[]>('/bulk/jobs')).data,
  undo: async (id: number) => {
    const job = (await apiFetch<BulkJob>(`/bulk/jobs/${id}/undo`, json({}))).data;
    return announced(job);
  },
};
