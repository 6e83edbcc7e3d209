// A local stand-in for an OpenAI-compatible chat-completions server (LLM_BASE_URL): each test sets
// how it answers (a plan made from the offered spots, any text, an HTTP error, late), and every
// request is recorded so that tests can read the prompt, the model and the Authorization header.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A spot as the prompt offers it. */
export interface OfferedSpot {
  id: number;
  name: string;
  categories: string[];
  latitude: number;
  longitude: number;
  popularity: number;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  /** the JSON body as sent */
  body: { model: string; temperature?: number; response_format?: { type: string }; messages: { role: string; content: string }[] };
  /** the trip the user message describes */
  trip: { place: string; days: number; language: string; themes: string[]; preferredCategories: string[]; spots: OfferedSpot[] };
  /** for an answer of `size` bytes: how many were written before the connection closed, once it has */
  streamed?: Promise<Streamed>;
}

export interface Streamed {
  /** bytes handed to the connection (what the client could have read at most) */
  written: number;
  /** whether the whole answer was written */
  complete: boolean;
}

export interface FakeAnswer {
  /** the model's message text (wrapped in a chat completion) */
  content?: string;
  /** the whole HTTP body instead, as is */
  body?: string;
  /** 200 unless said */
  status?: number;
  /** wait this long before answering at all */
  delayMs?: number;
  /**
   * a 200 answer of this many bytes instead (the start of a completion, then filler), written as the
   * client reads it, never held whole: a model that will not stop
   */
  size?: number;
}

export type FakeBehaviour = (request: RecordedRequest) => FakeAnswer;

export interface FakeLlm {
  /** the base URL to configure, ending in /v1 like a real one */
  url: string;
  requests: RecordedRequest[];
  /** sets how the next requests are answered */
  answer(behaviour: FakeBehaviour): void;
  close(): Promise<void>;
}

/** A chat completion whose first choice says `content`. */
export const completion = (content: string, model = 'fake-model') =>
  JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 0,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  });

const FILLER = Buffer.alloc(64 * 1024, 'x');

/** Writes `size` bytes to `res` as fast as the client takes them; resolves when the connection closes. */
function streamAnswer(res: http.ServerResponse, size: number): Promise<Streamed> {
  return new Promise((resolve) => {
    let written = 0;
    res.on('close', () => resolve({ written, complete: res.writableFinished }));
    res.writeHead(200, { 'content-type': 'application/json' });
    const write = (bytes: Buffer) => {
      written += bytes.length;
      return res.write(bytes);
    };
    const pump = () => {
      while (written < size && !res.destroyed) {
        if (!write(FILLER.subarray(0, Math.min(FILLER.length, size - written)))) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end();
    };
    write(Buffer.from('{"choices":[{"message":{"role":"assistant","content":"'));
    pump();
  });
}

export async function startFakeLlm(): Promise<FakeLlm> {
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let behaviour: FakeBehaviour = () => ({ status: 500, body: 'no behaviour set' });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedRequest['body'];
      const user = body.messages.find((m) => m.role === 'user')?.content ?? '{}';
      const recorded: RecordedRequest = { method: req.method, url: req.url, headers: req.headers, body, trip: JSON.parse(user) };
      requests.push(recorded);
      const answer = behaviour(recorded);
      const send = () => {
        if (res.destroyed) return;
        if (answer.size !== undefined) {
          recorded.streamed = streamAnswer(res, answer.size);
          return;
        }
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(answer.body ?? completion(answer.content ?? '', body.model));
      };
      if (!answer.delayMs) return send();
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, answer.delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    answer(next) {
      behaviour = next;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A good answer: the offered spots dealt into the trip's days in the order given, titled "Day N: …". */
export function planOf(trip: RecordedRequest['trip'], order: (spots: OfferedSpot[]) => OfferedSpot[] = (s) => s, perDay = 3) {
  const spots = order(trip.spots);
  return {
    days: Array.from({ length: trip.days }, (_, i) => ({
      title: `Day ${i + 1}: ${spots[i * perDay]?.name ?? 'rest'}`,
      spotIds: spots.slice(i * perDay, (i + 1) * perDay).map((s) => s.id),
    })),
  };
}
