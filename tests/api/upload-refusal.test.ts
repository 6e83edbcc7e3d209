// An anonymous or unauthorised upload is answered 401/403 from its headers, before its body is read:
// the server neither waits for nor buffers the 95 MB it is being sent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs, startTestApp, type TestApp } from '../support/api';

const MB = 1024 * 1024;

/** Streams a multipart body of `totalMb` MB; resolves with the status as soon as an answer arrives. */
function upload(port: number, path: string, headers: Record<string, string>, totalMb: number) {
  return new Promise<{ status: number; sentMb: number }>((resolve, reject) => {
    const boundary = '----refusal-test';
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' } });
    let sent = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      res.resume();
      resolve({ status: res.statusCode ?? 0, sentMb: sent });
      req.destroy();
    });
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const chunk = Buffer.alloc(MB, 0x61);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="profile_pic"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
    const pump = () => {
      while (!answered && sent < totalMb) {
        sent++;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
}

describe('uploads refused before they are read', () => {
  let t: TestApp;
  let port: number;
  let noPermission: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    await createUser(t, { email: 'nobody-special@example.com', password: 'Str0ng@Pass', user_type: 'Sub-Admin' });
    noPermission = (await loginAs(t, 'nobody-special@example.com', 'Str0ng@Pass')).token;
  });
  afterAll(async () => t.close());

  it.each([
    ['anonymous', () => ({}), 401],
    ['a Sub-Admin without the permission', () => ({ authorization: `Bearer ${noPermission}` }), 403],
  ] as const)('%s sending 3 x 95 MB gets its answer at once and the server does not grow', async (_name, headers, expected) => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    for (const path of ['/api/user', '/api/post/createUpdateAdminPost', '/api/user/update-user']) {
      const { status, sentMb } = await upload(port, path, headers(), 95);
      expect(status).toBe(expected);
      // answered long before the body was all sent
      expect(sentMb).toBeLessThan(95);
    }
    const grownMb = (process.memoryUsage().rss - before) / MB;
    expect(grownMb).toBeLessThan(100);
  });
});
