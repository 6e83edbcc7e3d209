// My bulk jobs under way (issue 35): a progress bar per job, read from the server, so it is there again
// after a reload; when one finishes, a toast with its Undo for the 10 seconds the server allows it.
// Polled once a second while a job runs (and on a job started here): the live events carry records'
// changes to every reader, not one person's job progress; nothing is polled while none runs.
import { Alert, Box, Button, LinearProgress, Paper, Snackbar, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useServerMessage } from '../useServerMessage';
import { type BulkJob, bulkCalls, JOB_STARTED } from './bulkCalls';

const running = (job: BulkJob) => job.state === 'selecting' || job.state === 'running';

export function BulkProgress() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const serverMessage = useServerMessage();
  const locale = useLocaleState()[0];
  const [jobs, setJobs] = useState<BulkJob[]>([]);
  const [finished, setFinished] = useState<BulkJob | null>(null);
  const seen = useRef(new Set<number>());
  const number = (n: number) => n.toLocaleString(locale, { numberingSystem: 'latn' } as Intl.NumberFormatOptions);

  const read = useCallback(async () => {
    try {
      const mine = await bulkCalls.mine();
      setJobs(mine.filter(running));
      for (const job of mine) {
        if (running(job)) seen.current.add(job.id);
        else if (seen.current.has(job.id)) {
          // finished while shown: the lists show its result, the toast its Undo
          seen.current.delete(job.id);
          refresh();
          setFinished(job);
        }
      }
      return mine.some(running);
    } catch {
      return false;
    }
  }, [refresh]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = async () => {
      const more = await read();
      if (more && !stopped) timer = setTimeout(() => void tick(), 1000);
    };
    const started = (event: Event) => {
      // its end is toasted even when it ends before the next read
      seen.current.add((event as CustomEvent<number>).detail);
      clearTimeout(timer);
      void tick();
    };
    void tick();
    window.addEventListener(JOB_STARTED, started);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener(JOB_STARTED, started);
    };
  }, [read]);

  const undo = async (job: BulkJob) => {
    setFinished(null);
    try {
      await bulkCalls.undo(job.id);
    } catch (error) {
      notify(serverMessage(error), { type: 'error' });
    }
  };
  const left = finished?.undo_until ? Math.max(0, Date.parse(finished.undo_until) - Date.now()) : 0;

  return (
    <>
      {jobs.length > 0 && (
        <Paper variant="outlined" sx={{ p: 1.5, mb: 1 }} role="status" aria-live="polite">
          {jobs.map((job) => {
            const percent = job.total ? Math.round((job.done / job.total) * 100) : 0;
            const text =
              job.state === 'selecting'
                ? translate('app.bulk.selecting')
                : translate(job.undo_of ? 'app.bulk.undoing' : 'app.bulk.progress', { done: number(job.done), total: number(job.total) });
            return (
              <Box key={job.id} sx={{ mb: 0.5 }}>
                <Typography variant="body2">{text}</Typography>
                <LinearProgress variant={job.state === 'selecting' ? 'indeterminate' : 'determinate'} value={percent} aria-label={text} />
              </Box>
            );
          })}
        </Paper>
      )}
      <Snackbar open={!!finished} autoHideDuration={finished?.undo_until ? left : 6000} onClose={() => setFinished(null)}>
        <Alert
          severity={finished?.state === 'failed' ? 'error' : 'success'}
          variant="filled"
          action={
            finished?.undo_until && !finished.undone ? (
              <Button color="inherit" size="small" onClick={() => void undo(finished)}>
                {translate('ra.action.undo')}
              </Button>
            ) : undefined
          }
        >
          {finished &&
            (finished.state === 'failed'
              ? translate('app.bulk.failed')
              : translate(finished.undo_of ? 'app.bulk.undone' : 'app.bulk.finished', { count: number(finished.changed) }))}
        </Alert>
      </Snackbar>
    </>
  );
}
