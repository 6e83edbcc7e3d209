// Every refusal in the envelope, whatever the transport (issue 31 §1.18: an external fuzzer's empty
// url-encoded bodies got Fastify's own `{"error":"Bad Request","message":"Client Error"}`). Over a real
// socket, as a fuzzer or a proxy sends them: every write operation of the OpenAPI document is sent an
// empty body in each transport, a wrong content type, malformed JSON, and requests Node's HTTP parser
// cannot read; each answer is a documented 4xx, `{status, message, data, requestId}` with a message.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, dialects, loginAs, startTestApp, type TestApp } from '../support/api';
import { type Answer, conformanceOf, type OpenApiDoc } from '../support/conformance';

/** An answer read off the socket: the status line's code, the headers (lower-case names) and the body. */
async function sendRaw(port: number, request: string): Promise<Answer> {
  const bytes = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    // written, not ended: a client that half-closes may be taken for one that left
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks)));
    socket.on('error', reject);
  });
  const text = bytes.toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const body = text.slice(split + 4);
  return { statusCode: Number(statusLine.split(' ')[1]), headers, body: headers['transfer-encoding'] === 'chunked' ? unchunked(body) : body };
}
const unchunked = (body: string) => {
  let out = '';
  for (let rest = body; ; ) {
    const size = parseInt(rest, 16);
    if (!size) return out;
    const start = rest.indexOf('\r\n') + 2;
    out += rest.slice(start, start + size);
    rest = rest.slice(start + size + 2);
  }
};

/** A request's text: the method and path, a bearer token, the given header lines and the body. */
const requestText = (method: string, path: string, token: string, headerLines: string[], body = '') =>
  [`${method.toUpperCase()} ${path} HTTP/1.1`, 'Host: localhost', `Authorization: Bearer ${token}`, 'Connection: close', ...headerLines, '', body].join('\r\n');
const withLength = (type: string, body: string) => [`Content-Type: ${type}`, `Content-Length: ${Buffer.byteLength(body)}`];

/**
 * Bodies that break every form, each as its transport sends it. `empty`: refused where the operation
 * requires a field (an operation whose fields are all optional may take an empty body); `array`: refused
 * where the body is an object.
 */
const BROKEN_BODIES: Record<string, { headers: string[]; body?: string; refused: 'always' | 'empty' | 'array' }> = {
  'an empty JSON body': { headers: withLength('application/json', ''), refused: 'always' },
  'an empty url-encoded body': { headers: withLength('application/x-www-form-urlencoded', ''), refused: 'empty' },
  'an empty url-encoded body without a length': { headers: ['Content-Type: application/x-www-form-urlencoded'], refused: 'empty' },
  'an empty multipart body': { headers: withLength('multipart/form-data; boundary=b0undary', '--b0undary--\r\n'), body: '--b0undary--\r\n', refused: 'empty' },
  'a multipart body without a boundary': { headers: withLength('multipart/form-data', ''), body: '', refused: 'empty' },
  'a wrong content type': { headers: withLength('application/xml', '<name>x</name>'), body: '<name>x</name>', refused: 'always' },
  'malformed JSON': { headers: withLength('application/json', '{"name":'), body: '{"name":', refused: 'always' },
  'a JSON array': { headers: withLength('application/json', '[]'), body: '[]', refused: 'array' },
};
/** Requests Node's HTTP parser refuses before Fastify sees them. */
const UNREADABLE: Record<string, string[]> = {
  'a Content-Length that is no number': ['Content-Type: application/x-www-form-urlencoded', 'Content-Length: abc'],
  'an empty Content-Length': ['Content-Type: application/x-www-form-urlencoded', 'Content-Length: '],
  'Content-Length and Transfer-Encoding together': ['Content-Type: application/x-www-form-urlencoded', 'Content-Length: 0', 'Transfer-Encoding: chunked'],
  'a control character in a header': ['Content-Type: application/x-www-form-urlencoded\u0001', 'Content-Length: 0'],
};

describe.each(dialects)('refusals in the envelope whatever the transport, on %s', (dialect) => {
  let t: TestApp;
  let port: number;
  let token: string;
  type BodySchema = { type?: string; required?: string[] };
  let doc: OpenApiDoc & { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema?: BodySchema }> } }>> };
  let conforms: ReturnType<typeof conformanceOf>;
  /** Every operation with a request body: [method, path]. */
  let writes: [string, string][];
  const logLines: string[] = [];

  beforeAll(async () => {
    // the log at its most detailed: an unreadable request's bytes (its bearer token) must not reach it
    t = await startTestApp(dialect, { logLevel: 'debug' }, { logStream: { write: (line: string) => void logLines.push(line) } });
    token = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
    doc = (await t.app.inject('/api/docs/json')).json();
    conforms = conformanceOf(doc);
    writes = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).filter(([, op]) => op.requestBody).map(([method]): [string, string] => [method, path]));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => t?.close());

  /** Must this body be refused by this operation (else a documented answer is enough)? */
  function mustRefuse(method: string, path: string, refused: 'always' | 'empty' | 'array'): boolean {
    const schema = doc.paths[path][method].requestBody?.content['application/json']?.schema ?? {};
    if (refused === 'array') return schema.type !== 'array';
    return refused === 'always' || schema.type === 'array' || !!schema.required?.length;
  }

  /** What is wrong with an answer (not documented, not the envelope, or not a refusal when `refused`), or null. */
  function problemOf(method: string, path: string, res: Answer, refused = true): string | null {
    if (res.statusCode >= 500 || (refused && res.statusCode < 400)) return `answered ${res.statusCode}: ${res.body.slice(0, 200)}`;
    const unlike = conforms(method, path, res);
    if (unlike) return `${unlike}: ${res.body.slice(0, 200)}`;
    if (res.statusCode < 400) return null;
    const body = JSON.parse(res.body) as { status?: unknown; message?: unknown; requestId?: unknown };
    if (body.status !== res.statusCode || typeof body.message !== 'string' || !body.message.trim()) return `not the envelope: ${res.body.slice(0, 200)}`;
    if (res.headers['x-request-id'] !== body.requestId) return `X-Request-Id ${String(res.headers['x-request-id'])} is not the body's ${String(body.requestId)}`;
    return null;
  }

  it('the fourteen form operations the fuzzer named are among those tested', () => {
    const forms = writes.map(([m, p]) => `${m} ${p}`);
    for (const op of ['post /api/user', 'post /api/user/update-user', 'post /api/auth/user/update', 'post /api/category/create', 'post /api/tag/update', 'post /api/email-template', 'post /api/page', 'post /api/spot', 'post /api/post', 'post /api/post/createUpdateAdminPost']) {
      expect(forms).toContain(op);
    }
  });

  it('answers every write operation a documented 4xx in the envelope for a body no form accepts, in every transport', async () => {
    const problems: string[] = [];
    for (const [method, path] of writes) {
      for (const [what, { headers, body, refused }] of Object.entries(BROKEN_BODIES)) {
        const res = await sendRaw(port, requestText(method, path, token, headers, body));
        const problem = problemOf(method, path, res, mustRefuse(method, path, refused));
        if (problem) problems.push(`${method} ${path}, ${what}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers a request the HTTP parser cannot read in the envelope too, with a request id', async () => {
    for (const [what, headers] of Object.entries(UNREADABLE)) {
      const res = await sendRaw(port, requestText('post', '/api/user', token, headers));
      expect(problemOf('post', '/api/user', res), what).toBeNull();
      expect(res.statusCode, what).toBe(400);
      expect(JSON.parse(res.body).message, what).toMatch(/not well-formed HTTP/);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // headers past Node's limit (16 KB): 431
    const huge = await sendRaw(port, requestText('post', '/api/user', token, [`X-Padding: ${'a'.repeat(20_000)}`, 'Content-Length: 0']));
    expect(huge.statusCode).toBe(431);
    expect(JSON.parse(huge.body)).toMatchObject({ status: 431, message: 'The request headers are too large.', data: null });
    expect(logLines.some((line) => line.includes('unreadable request'))).toBe(true);
    expect(logLines.filter((line) => line.includes(token))).toEqual([]);
    // and the server answers as before
    const health = await sendRaw(port, requestText('get', '/api/health', token, []));
    expect(health.statusCode).toBe(200);
  });
});
