// Bulk edit at scale (issue 35): Public set off on every post of the post list (the whole list, no search)
// as one server job, then its Undo (so the cached database ends as it began, but for the jobs' own rows
// and their audit entries), each timed from the call to the job's end; meanwhile the post list's first
// page is asked every 5 ms: what other staff see while a bulk change runs over a million rows.
import type { liveFigures } from './live';
import { httpClient, summarise } from './measure';

/** What the live figures take: the server, the list's first page, its goal and the recorders. */
type BulkBenchOptions = Parameters<typeof liveFigures>[0];

interface Job {
  id: number;
  state: string;
  total: number;
  done: number;
  changed: number;
  error: string | null;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function bulkFigures(o: BulkBenchOptions): Promise<void> {
  const client = httpClient(o.port, o.auth);
  const watcher = httpClient(o.port, o.auth);
  const reader = httpClient(o.port, o.auth);
  const jobOf = async (id: number) => (JSON.parse((await watcher.get(`/api/bulk/jobs/${id}`)).body) as { data: Job }).data;

  /** Starts a job (`start` answers it), reads the list until it ends: its time and the list's. */
  const measure = async (name: string, start: () => Promise<Job>) => {
    for (let i = 0; i < 10; i++) await reader.get(o.url);
    const t0 = performance.now();
    let job = await start();
    const times: number[] = [];
    let running = true;
    const reading = (async () => {
      while (running) {
        times.push((await reader.get(o.url)).ms);
        await pause(5);
      }
    })();
    while (job.state === 'selecting' || job.state === 'running') {
      await pause(250);
      job = await jobOf(job.id);
    }
    const seconds = (performance.now() - t0) / 1000;
    running = false;
    await reading;
    const rate = job.done / seconds;
    o.record({
      name: `bulk · ${name} · the job`,
      n: '1',
      p50: '-',
      p95: '-',
      p99: '-',
      goal: 'done',
      result: job.state === 'done' ? 'PASS' : 'FAIL',
      detail: `${job.done.toLocaleString('en')} of ${job.total.toLocaleString('en')} records in ${seconds.toFixed(1)} s (${Math.round(rate).toLocaleString('en')}/s), ${job.changed.toLocaleString('en')} changed${job.error ? `; ${job.error}` : ''}`,
    });
    o.record(o.latencyFigure(`bulk · post first page while ${name} runs`, summarise(times), o.goalMs, `asked every 5 ms for ${seconds.toFixed(1)} s`));
    return job;
  };

  const started = async (path: string, body: unknown) => {
    const res = await client.post(path, body);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body}`);
    return (JSON.parse(res.body) as { data: Job }).data;
  };
  const change = await measure('Public off over every post', () => started('/api/bulk/post', { change: { field: 'is_public', value: false }, query: {} }));
  if (change.state === 'done') await measure('its Undo', () => started(`/api/bulk/jobs/${change.id}/undo`, {}));
  client.close();
  watcher.close();
  reader.close();
}
