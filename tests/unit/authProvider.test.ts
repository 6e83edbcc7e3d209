// The admin's session rules (spec §4, §8): only an HTTP 401 ends a session; a 5xx, a network error or
// an aborted request keeps it and the check is tried again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@shared/contract';

type AuthModule = typeof import('@admin/providers/authProvider');
type HttpModule = typeof import('@admin/providers/httpClient');
type DataProviderModule = typeof import('@admin/providers/dataProvider');

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An unsigned JWT: the admin only reads its expiry. */
const jwt = (expiresInSeconds: number, sub = '1') =>
  `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub, exp: Math.floor(Date.now() / 1000) + expiresInSeconds })}.sig`;

const USER = {
  id: 1,
  name: 'Chief Admin',
  displayName: 'Chief Admin',
  email: 'admin@example.com',
  role: 'Admin',
  user_type: 'Admin',
  status: 'Active',
  permissions: ['User-list'],
} as unknown as SessionUser;

const SESSION_KEYS = ['token', 'refresh_token', 'userRole', 'statusData', 'permissions', 'user'];

function storeSession(token: string, refreshToken = 'refresh-1') {
  localStorage.setItem('token', token);
  localStorage.setItem('refresh_token', refreshToken);
  localStorage.setItem('userRole', USER.role);
  localStorage.setItem('statusData', USER.status);
  localStorage.setItem('permissions', JSON.stringify(USER.permissions));
  localStorage.setItem('user', JSON.stringify(USER));
}
const storage = () => Object.fromEntries(SESSION_KEYS.map((k) => [k, localStorage.getItem(k)]));
const isCleared = () => SESSION_KEYS.every((k) => localStorage.getItem(k) === null);

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => answer(200, { status: 200, message: 'Success', data });
const refused = (message = 'Invalid access_token') => answer(401, { status: 401, message });
const serverError = () => answer(500, { status: 500, message: 'Internal Server Error' });
const networkError = () => Promise.reject(new TypeError('Failed to fetch'));
const aborted = () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError'));

const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
const calledPaths = () => fetchMock.mock.calls.map(([url]) => String(url).replace(/\?.*/, ''));

let auth: AuthModule;
let http: HttpModule;

beforeEach(async () => {
  localStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  // a fresh module per test: the "checked once per page load" state starts anew, as on a page load
  vi.resetModules();
  auth = await import('@admin/providers/authProvider');
  http = await import('@admin/providers/httpClient');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('checkAuth: the start-up check of a stored, unexpired token', () => {
  it('sends a guest to sign-in without a message', async () => {
    await expect(auth.authProvider.checkAuth({})).rejects.toEqual({ redirectTo: '/login', message: false });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("clears the whole session and rejects with 'Invalid access_token' on a 401", async () => {
    storeSession(jwt(3600));
    fetchMock.mockImplementation(async () => refused());
    await expect(auth.authProvider.checkAuth({})).rejects.toEqual({
      redirectTo: '/login',
      message: auth.INVALID_TOKEN,
    });
    expect(calledPaths()).toEqual(['/api/auth/access-token']);
    expect(isCleared()).toBe(true);
  });

  it.each([
    ['a 500', async () => serverError()],
    ['a 503', async () => answer(503, { status: 503, message: 'Service Unavailable' })],
    ['a network TypeError', networkError],
    ['an AbortError (a navigation)', aborted],
  ])('resolves and keeps the session on %s, and asks again on the next checkAuth', async (_, failure) => {
    const token = jwt(3600);
    storeSession(token);
    const before = storage();
    fetchMock.mockImplementationOnce(failure);
    await expect(auth.authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(storage()).toEqual(before);

    // not counted as checked: the next checkAuth asks the server again, and then no more
    fetchMock.mockImplementation(async () => ok({ token, user: { ...USER, name: 'Renamed Admin' } }));
    await expect(auth.authProvider.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(calledPaths()).toEqual(['/api/auth/access-token', '/api/auth/access-token']);
    expect(localStorage.getItem('token')).toBe(token);
    expect(JSON.parse(localStorage.getItem('user')!).name).toBe('Renamed Admin');
  });

  it('resolves, keeping the session, when the check takes longer than its time limit', async () => {
    vi.useFakeTimers();
    storeSession(jwt(3600));
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const check = auth.authProvider.checkAuth({});
    await vi.advanceTimersByTimeAsync(auth.VERIFY_TIMEOUT_MS + 1);
    await expect(check).resolves.toBeUndefined();
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('does not clear a token stored while a refused check was under way (another tab signed in)', async () => {
    storeSession(jwt(3600, '1'));
    const newer = jwt(3600, '2');
    fetchMock.mockImplementation(async () => {
      localStorage.setItem('token', newer);
      return refused();
    });
    await expect(auth.authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(localStorage.getItem('token')).toBe(newer);
  });
});

describe('refreshing an expired access token', () => {
  it('stores the new pair, sending the refresh token read at that moment', async () => {
    storeSession(jwt(-60), 'refresh-1');
    localStorage.setItem('refresh_token', 'refresh-rotated-by-another-tab');
    const fresh = jwt(3600);
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/auth/refresh-token')
        ? ok({ token: fresh, refresh_token: 'refresh-2', expires_in: 3600, user: USER })
        : ok({ token: fresh, user: USER }),
    );
    await expect(auth.authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(calledPaths()).toEqual(['/api/auth/refresh-token', '/api/auth/access-token']);
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ token: 'refresh-rotated-by-another-tab' });
    expect(localStorage.getItem('token')).toBe(fresh);
    expect(localStorage.getItem('refresh_token')).toBe('refresh-2');
  });

  it('skips the refresh when the stored access token is no longer expired (another tab refreshed)', async () => {
    storeSession(jwt(3600));
    await expect(auth.ensureFreshToken()).resolves.toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks once for concurrent callers', async () => {
    storeSession(jwt(-60));
    fetchMock.mockImplementation(async () =>
      ok({ token: jwt(3600), refresh_token: 'refresh-2', expires_in: 3600, user: USER }),
    );
    await Promise.all([auth.ensureFreshToken(), auth.ensureFreshToken(), auth.ensureFreshToken()]);
    expect(calledPaths()).toEqual(['/api/auth/refresh-token']);
  });

  it.each([
    ['a 500', async () => serverError()],
    ['a network TypeError', networkError],
    ['an AbortError', aborted],
  ])('keeps the stored tokens when the refresh meets %s, and fails the call as an ordinary error', async (_, failure) => {
    const expired = jwt(-60);
    storeSession(expired, 'refresh-1');
    const before = storage();
    fetchMock.mockImplementation(failure);

    // checkAuth does not reject (react-admin would log out), and does not check the expired token
    await expect(auth.authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(calledPaths()).toEqual(['/api/auth/refresh-token']);
    expect(storage()).toEqual(before);

    // a data call fails with the failure itself, not a 401
    const error = await auth.ensureFreshToken().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect((error as { status?: number }).status).not.toBe(401);
    expect(storage()).toEqual(before);

    // and a 401 on the expired token does not log out while the refresh cannot be done
    await expect(auth.authProvider.checkError({ status: 401, message: 'Invalid access_token' })).resolves.toBeUndefined();
    expect(storage()).toEqual(before);
  });

  it("clears the session and rejects with 'Failed to login with token.' when the refresh answers 401", async () => {
    storeSession(jwt(-60), 'refresh-1');
    fetchMock.mockImplementation(async () => refused('Failed to login with token.'));
    await expect(auth.authProvider.checkAuth({})).rejects.toEqual({
      redirectTo: '/login',
      message: auth.REFRESH_FAILED,
    });
    expect(calledPaths()).toEqual(['/api/auth/refresh-token']);
    expect(isCleared()).toBe(true);
  });

  it('turns a refused refresh before a data call into a 401 that checkError ends the session with', async () => {
    storeSession(jwt(-60), 'refresh-1');
    fetchMock.mockImplementation(async () => refused('Failed to login with token.'));
    const error = await auth.ensureFreshToken().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toEqual({ status: 401, message: auth.REFRESH_FAILED });
    expect(isCleared()).toBe(true);
    await expect(auth.authProvider.checkError(error)).rejects.toEqual({
      redirectTo: '/login',
      message: auth.REFRESH_FAILED,
    });
    await expect(auth.authProvider.checkAuth({})).resolves.toBeUndefined(); // so react-admin shows it
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(auth.authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
  });

  it('keeps a new pair another tab stored while this refresh was refused', async () => {
    storeSession(jwt(-60), 'refresh-1');
    const fresh = jwt(3600);
    fetchMock.mockImplementation(async () => {
      localStorage.setItem('token', fresh);
      localStorage.setItem('refresh_token', 'refresh-2');
      return refused('Failed to login with token.');
    });
    await expect(auth.ensureFreshToken()).resolves.toBeUndefined();
    expect(localStorage.getItem('token')).toBe(fresh);
    expect(localStorage.getItem('refresh_token')).toBe('refresh-2');
  });
});

describe('checkError', () => {
  it('ignores anything but a 401', async () => {
    storeSession(jwt(3600));
    for (const status of [400, 403, 404, 500, 503, undefined])
      await expect(auth.authProvider.checkError({ status, message: 'x' })).resolves.toBeUndefined();
    expect(isCleared()).toBe(false);
  });

  it("ends the session on a 401 to the stored, unexpired token with 'Invalid access_token'", async () => {
    const token = jwt(3600);
    storeSession(token);
    fetchMock.mockImplementation(async () => refused());
    const error = await http.apiFetch('/user').catch((e: unknown) => e);
    await expect(auth.authProvider.checkError(error)).rejects.toEqual({
      redirectTo: '/login',
      message: auth.INVALID_TOKEN,
    });
    // react-admin shows the message only if checkAuth still passes right then, and then logs out
    await expect(auth.authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(isCleared()).toBe(true);
    await expect(auth.authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
  });

  it('ignores a 401 to a token that has since been replaced (a refresh, a new session)', async () => {
    storeSession(jwt(3600, '1'));
    fetchMock.mockImplementation(async () => refused());
    const error = await http.apiFetch('/user').catch((e: unknown) => e);
    localStorage.setItem('token', jwt(3600, '2'));
    await expect(auth.authProvider.checkError(error)).resolves.toBeUndefined();
    expect(isCleared()).toBe(false);
  });
});

describe('startSessionCheck: the start-up check sent before the first render (main.tsx)', () => {
  it('is taken by the first checkAuth, which asks nothing more', async () => {
    const token = jwt(3600);
    storeSession(token);
    fetchMock.mockImplementation(async () => ok({ token, user: USER }));
    auth.startSessionCheck();
    await expect(auth.authProvider.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(calledPaths()).toEqual(['/api/auth/access-token']);
  });

  it("ends the session with 'Invalid access_token' at the first checkAuth when refused before it", async () => {
    storeSession(jwt(3600));
    const before = storage();
    fetchMock.mockImplementation(async () => refused());
    auth.startSessionCheck();
    await new Promise((resolve) => setTimeout(resolve, 0)); // refused before react-admin asks: nothing changes yet
    expect(storage()).toEqual(before);
    await expect(auth.authProvider.checkAuth({})).rejects.toEqual({ redirectTo: '/login', message: auth.INVALID_TOKEN });
    expect(isCleared()).toBe(true);
    expect(calledPaths()).toEqual(['/api/auth/access-token']);
  });

  it('shares the answer between concurrent checkAuth calls', async () => {
    const token = jwt(3600);
    storeSession(token);
    fetchMock.mockImplementation(async () => ok({ token, user: USER }));
    auth.startSessionCheck();
    await Promise.all([auth.authProvider.checkAuth({}), auth.authProvider.checkAuth({}), auth.authProvider.checkAuth({})]);
    expect(calledPaths()).toEqual(['/api/auth/access-token']);
  });

  it('keeps the session when the server cannot be asked, and the next checkAuth asks again', async () => {
    storeSession(jwt(3600));
    fetchMock.mockImplementation(async () => serverError());
    auth.startSessionCheck();
    await expect(auth.authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(calledPaths()).toEqual(['/api/auth/access-token']);
    await expect(auth.authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(calledPaths()).toEqual(['/api/auth/access-token', '/api/auth/access-token']);
    expect(isCleared()).toBe(false);
  });

  it('sends nothing for a guest or an expired token (checkAuth refreshes that one first)', async () => {
    auth.startSessionCheck();
    storeSession(jwt(-60));
    auth.startSessionCheck();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('one road to the API: every call of the dataProvider refreshes an expired token first', () => {
  it.each([
    ['the route map config', (dp: DataProviderModule['dataProvider']) => dp.geoConfig(), '/api/geo/config'],
    ['place suggestions', (dp: DataProviderModule['dataProvider']) => dp.placeSuggestions('ist'), '/api/geo/autocomplete'],
    ['the profile', (dp: DataProviderModule['dataProvider']) => dp.updateProfile(new FormData()), '/api/auth/user/update'],
    ['the preferences', (dp: DataProviderModule['dataProvider']) => dp.savePreferences({ preferences: {} }), '/api/auth/user/preferences'],
    ['an itinerary suggestion', (dp: DataProviderModule['dataProvider']) => dp.suggestItineraries({ search: 'x' }), '/api/itinerarySuggestion'],
  ])('%s', async (_, callOf, path) => {
    storeSession(jwt(-60), 'refresh-1');
    const fresh = jwt(3600);
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/auth/refresh-token')
        ? ok({ token: fresh, refresh_token: 'refresh-2', expires_in: 3600, user: USER })
        : ok({ data: [], browserKey: null, user: USER, results: [], next_page_token: null }),
    );
    const { dataProvider } = await import('@admin/providers/dataProvider');
    await callOf(dataProvider);
    expect(calledPaths()).toEqual(['/api/auth/refresh-token', path]);
    expect(new Headers(fetchMock.mock.calls[1][1]?.headers).get('Authorization')).toBe(`Bearer ${fresh}`);
  });

  it('sends the preferences of a page going away at once, with the token it has', async () => {
    const expired = jwt(-60);
    storeSession(expired, 'refresh-1');
    fetchMock.mockImplementation(async () => ok(null));
    const { dataProvider } = await import('@admin/providers/dataProvider');
    await dataProvider.savePreferences({ shortcuts: [] }, true);
    expect(calledPaths()).toEqual(['/api/auth/user/preferences']);
    expect(fetchMock.mock.calls[0][1]?.keepalive).toBe(true);
  });
});

describe('no token in a URL (a URL is kept in logs and browser history)', () => {
  /** Every URL fetch was called with, and the Authorization header of each call. */
  const sent = () =>
    fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), authorization: new Headers(init?.headers).get('Authorization') }));
  const expectNoTokenIn = (urls: string[], ...tokens: string[]) => {
    for (const url of urls) {
      expect(url).not.toMatch(/[?&](token|refresh_token)=/);
      for (const token of tokens) expect(url).not.toContain(token);
    }
  };

  it('checks the stored token by sending it as a bearer header', async () => {
    const token = jwt(3600);
    storeSession(token, 'refresh-secret-1');
    fetchMock.mockImplementation(async () => ok({ token, user: USER }));
    await expect(auth.authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(sent()).toEqual([{ url: '/api/auth/access-token', authorization: `Bearer ${token}` }]);
  });

  it('sends the start-up check, the early one of the start-up shell and a refresh with no token in their URLs', async () => {
    const token = jwt(3600);
    storeSession(token, 'refresh-secret-1');
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/auth/refresh-token') ? ok({ token, refresh_token: 'refresh-secret-2', expires_in: 3600, user: USER }) : ok({ token, user: USER }),
    );
    const { sendEarlyRequests } = await import('@admin/earlyRequests');
    sendEarlyRequests(token);
    auth.startSessionCheck();
    await expect(auth.authProvider.checkAuth({})).resolves.toBeUndefined();
    // an expired token is refreshed, then checked
    vi.resetModules();
    auth = await import('@admin/providers/authProvider');
    storeSession(jwt(-60), 'refresh-secret-3');
    await expect(auth.authProvider.checkAuth({})).resolves.toBeUndefined();
    const calls = sent();
    expect(calls.map((c) => c.url)).toEqual(
      expect.arrayContaining(['/api/auth/access-token', '/api/user/user-statistics', '/api/auth/refresh-token']),
    );
    expectNoTokenIn(
      calls.map((c) => c.url),
      token,
      'refresh-secret-1',
      'refresh-secret-3',
    );
    for (const call of calls.filter((c) => c.url === '/api/auth/access-token')) expect(call.authorization).toBe(`Bearer ${token}`);
  });
});
