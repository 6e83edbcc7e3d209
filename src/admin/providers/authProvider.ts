// react-admin authProvider for the spec's session rules (§4 Session, §8 errors).
import type { AuthProvider } from 'react-admin';
import { canAccess, homePath } from '../../shared/access';
import type { LoginPayload, SessionUser } from '../../shared/contract';
import { apiFetch, toQuery } from './httpClient';
import { isTokenExpired, session } from './session';

export const INVALID_TOKEN = 'messages.invalidAccessToken';
export const REFRESH_FAILED = 'messages.failedToLoginWithToken';

let refreshing: Promise<void> | null = null;

/** Exchanges the refresh token for a new access token (one request at a time). */
async function refreshSession(): Promise<void> {
  refreshing ??= (async () => {
    const refreshToken = session.refreshToken();
    if (!refreshToken) throw new Error(REFRESH_FAILED);
    try {
      const { data } = await apiFetch<LoginPayload>('/auth/refresh-token', {
        method: 'POST',
        body: JSON.stringify({ token: refreshToken }),
        headers: { 'Content-Type': 'application/json' },
      });
      session.save(data.token, data.user, data.refresh_token);
    } catch {
      session.clear();
      throw new Error(REFRESH_FAILED);
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

// Once per page load the stored token is verified with the server, which also refreshes the stored user.
let verified = false;

async function verifyWithServer(): Promise<void> {
  const token = session.token();
  const { data } = await apiFetch<{ token: string; user: SessionUser }>(`/auth/access-token${toQuery({ token })}`);
  session.save(token!, data.user);
  verified = true;
}

export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    const { data } = await apiFetch<LoginPayload>('/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email, password, is_web: '1' }),
      headers: { 'Content-Type': 'application/json' },
    });
    session.save(data.token, data.user, data.refresh_token);
    verified = true;
    return { redirectTo: homePath(data.user) };
  },

  async logout() {
    session.clear();
    verified = false;
    return '/login';
  },

  async checkAuth() {
    if (!session.token()) throw { redirectTo: '/login', message: false };
    if (isTokenExpired(session.token())) {
      try {
        await refreshSession();
      } catch {
        throw { redirectTo: '/login', message: REFRESH_FAILED };
      }
    }
    if (!verified) {
      try {
        await verifyWithServer();
      } catch {
        session.clear();
        throw { redirectTo: '/login', message: INVALID_TOKEN };
      }
    }
  },

  async checkError(error: { status?: number; message?: string }) {
    if (error?.status !== 401) return;
    let message = error.message === REFRESH_FAILED ? REFRESH_FAILED : INVALID_TOKEN;
    // an expired access token is refreshed once; anything else ends the session
    if (message === INVALID_TOKEN && isTokenExpired(session.token()) && session.refreshToken()) {
      try {
        await refreshSession();
        return;
      } catch {
        message = REFRESH_FAILED;
      }
    }
    session.clear();
    verified = false;
    throw { redirectTo: '/login', message };
  },

  async getIdentity() {
    const user = session.user();
    if (!user) throw new Error('No identity');
    return { ...user, fullName: user.displayName, avatar: user.photoURL };
  },

  async getPermissions() {
    return session.principal();
  },

  async canAccess({ resource }) {
    return canAccess(session.principal(), resource);
  },
};

/**
 * Refreshes the access token before a call when it has expired (used by the dataProvider). A failed
 * refresh fails the call as a 401 carrying 'Failed to login with token.', which checkError shows.
 */
export async function ensureFreshToken(): Promise<void> {
  if (session.token() && isTokenExpired(session.token())) {
    try {
      await refreshSession();
    } catch {
      throw { status: 401, message: REFRESH_FAILED };
    }
  }
}
