// Live updates at scale (issue 35): 1,000 event streams open (GET /api/events) must not slow the lists.
// The post list's first page is timed while a colleague saves a change every 250 ms, without streams, then
// with 1,000 open (each change written to every one); every stream must have heard every change.
import http from 'node:http';
import type { Figure, Timing } from './measure';
import { httpClient, summarise } from './measure';

const STREAMS = 1000;
const CHANGE_EVERY_MS = 250;
const SAMPLE_SECONDS = 6;

interface LiveBenchOptions {
  port: number;
  auth: Record<string, string>;
  url: string;
  goalMs: number;
  record: (f: Figure) => void;
  latencyFigure: (name: string, t: Timing, goalMs: number, detail: string) => Figure;
}

/** Opens one stream with its own connection; counts the change events it is told. */
function openStream(port: number, auth: Record<string, string>) {
  const counted = { changes: 0, ready: false };
  const req = http.get({ host: '127.0.0.1', port, path: '/api/events', headers: { ...auth, accept: 'text/event-stream' }, agent: false });
  const opened = new Promise<void>((resolve, reject) => {
    req.on('response', (res) => {
      if (res.statusCode !== 200) reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        counted.changes += chunk.split('event: change\n').length - 1;
        if (!counted.ready && chunk.includes('event: ready')) {
          counted.ready = true;
          resolve();
        }
      });
    });
    req.on('error', reject);
  });
  return { counted, opened, close: () => req.destroy() };
}

/** A colleague saving tag `tagId` every CHANGE_EVERY_MS on its own connection, until stopped: the saves made. */
function colleagueSaving(port: number, auth: Record<string, string>, tagId: number) {
  const writer = httpClient(port, auth);
  let saved = 0;
  let writing = true;
  const done = (async () => {
    while (writing) {
      const res = await writer.post('/api/tag/update', { id: tagId, name: `bench live ${tagId} ${Date.now()}`, status: 'Active' });
      if (res.status === 200) saved++;
      await new Promise((resolve) => setTimeout(resolve, CHANGE_EVERY_MS));
    }
    writer.close();
    return saved;
  })();
  return {
    stop: () => {
      writing = false;
      return done;
    },
  };
}

export async function liveFigures(o: LiveBenchOptions): Promise<void> {
  const client = httpClient(o.port, o.auth);
  const made = await client.post('/api/tag/create', { name: `bench live ${Date.now()}`, status: 'Active' });
  const tagId = Number((JSON.parse(made.body) as { data: { created?: { id: number }[]; data?: { id: number } } }).data.created?.[0]?.id);
  /** The list's first page, called every few ms for SAMPLE_SECONDS while a colleague saves. */
  const time = async (name: string, detail: (t: Timing, saves: number) => string) => {
    for (let i = 0; i < 10; i++) await client.get(o.url);
    const colleague = colleagueSaving(o.port, o.auth, tagId);
    const times: number[] = [];
    const until = performance.now() + SAMPLE_SECONDS * 1000;
    while (performance.now() < until) {
      times.push((await client.get(o.url)).ms);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const saves = await colleague.stop();
    const t = summarise(times);
    o.record(o.latencyFigure(name, t, o.goalMs, detail(t, saves)));
    return { t, saves };
  };
  const before = await time(`live · post first page · no stream open, a change every ${CHANGE_EVERY_MS} ms`, (_t, saves) => `${saves} saves meanwhile`);

  const streams = Array.from({ length: STREAMS }, () => openStream(o.port, o.auth));
  await Promise.all(streams.map((s) => s.opened));
  const during = await time(
    `live · post first page · ${STREAMS.toLocaleString('en')} streams open, a change every ${CHANGE_EVERY_MS} ms`,
    (_t, saves) => `${saves} saves meanwhile, each told to every stream; p95 without streams ${before.t.p95.toFixed(2)} ms`,
  );
  // every save reaches every stream
  const expected = during.saves;
  const until = Date.now() + 5000;
  while (Date.now() < until && streams.some((s) => s.counted.changes < expected)) await new Promise((resolve) => setTimeout(resolve, 20));
  const short = streams.filter((s) => s.counted.changes < expected).length;
  o.record({
    name: `live · every one of ${STREAMS.toLocaleString('en')} streams told every change`,
    n: String(expected),
    p50: '-',
    p95: '-',
    p99: '-',
    goal: 'all told',
    result: short ? 'FAIL' : 'PASS',
    detail: `${short} streams missed some`,
  });
  for (const s of streams) s.close();
  client.close();
}
