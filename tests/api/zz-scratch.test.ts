import { it } from 'vitest';
import { ADMIN, bearer, loginAs, startTestApp } from '../support/api';
it('scratch', async () => {
  const t = await startTestApp('postgres');
  const token = (await loginAs(t, ADMIN.email, ADMIN.password)).token;
  for (const url of [
    '/api/post/post-report-update?id=1&reportId=2147483648&status=Active',
    '/api/user/report-update?id=2147483648&status=Active',
    '/api/user/approveReportByAdmin?reportId=2147483648&status=Active&type=user',
    '/api/user/reports-detail/2147483648',
    '/api/post/2147483648',
  ]) {
    const res = await t.app.inject({ url, headers: bearer(token) });
    console.log(url, res.statusCode, res.body.slice(0, 200));
  }
  for (const [url, body] of [
    ['/api/user/bulk-action', { user_ids: [2147483648], action: 'active' }],
    ['/api/googleAPIData', [{ name: 'x', location: { lat: 1e-320, lng: 1 } }]],
  ] as const) {
    const res = await t.app.inject({ method: 'POST', url, payload: body as object, headers: bearer(token) });
    console.log(url, res.statusCode, res.body.slice(0, 200));
  }
  await t.close();
});
