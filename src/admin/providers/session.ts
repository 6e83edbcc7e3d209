// The stored session (spec §3 "Stored session keys": token, role (userRole), status (statusData),
// permissions), plus the refresh token and the signed-in user for the identity.
import { jwtDecode } from 'jwt-decode';
import type { Principal } from '@shared/access';
import type { SessionUser } from '@shared/contract';

const KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  role: 'userRole',
  status: 'statusData',
  permissions: 'permissions',
  user: 'user',
} as const;

export interface StoredSession {
  token: string;
  refreshToken: string | null;
  user: SessionUser;
}

/** Fired when a sign-in, refresh or check stores the user afresh from the server. */
export const SESSION_USER_EVENT = 'session-user';

export const session = {
  save(token: string, user: SessionUser, refreshToken?: string | null) {
    localStorage.setItem(KEYS.token, token);
    if (refreshToken) localStorage.setItem(KEYS.refreshToken, refreshToken);
    localStorage.setItem(KEYS.role, user.role);
    localStorage.setItem(KEYS.status, user.status);
    localStorage.setItem(KEYS.permissions, JSON.stringify(user.permissions));
    localStorage.setItem(KEYS.user, JSON.stringify(user));
    window.dispatchEvent(new Event(SESSION_USER_EVENT));
  },
  /** Changes the stored user's own settings (preferences, shortcuts) in place. */
  updateUser(changes: Partial<Pick<SessionUser, 'preferences' | 'shortcuts'>>) {
    const user = session.user();
    if (user) localStorage.setItem(KEYS.user, JSON.stringify({ ...user, ...changes }));
  },
  clear() {
    for (const key of Object.values(KEYS)) localStorage.removeItem(key);
  },
  token: () => localStorage.getItem(KEYS.token),
  refreshToken: () => localStorage.getItem(KEYS.refreshToken),
  user(): SessionUser | null {
    try {
      return JSON.parse(localStorage.getItem(KEYS.user) ?? 'null') as SessionUser | null;
    } catch {
      return null;
    }
  },
  principal(): Principal {
    let permissions: string[] = [];
    try {
      permissions = JSON.parse(localStorage.getItem(KEYS.permissions) ?? '[]');
    } catch {
      permissions = [];
    }
    return { role: localStorage.getItem(KEYS.role), status: localStorage.getItem(KEYS.status), permissions };
  },
};

/** Token expiry is checked against the current time (spec §9); a token that cannot be decoded is expired. */
export function isTokenExpired(token: string | null, skewSeconds = 10): boolean {
  if (!token) return true;
  try {
    const { exp } = jwtDecode<{ exp?: number }>(token);
    return !exp || exp * 1000 <= Date.now() + skewSeconds * 1000;
  } catch {
    return true;
  }
}
