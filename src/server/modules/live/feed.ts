// The live feed of one server: what staff changed (from the audit trail, modules/audit/trail.ts) and who
// has which record open for editing, told to every open stream of this server (stream.ts) and, on
// PostgreSQL, to the other servers (replicas/sync.ts relays the messages on a channel of their own).
// Each message names the resource whose rule reads it; a stream passes on only what its caller may read.
import { canAccess, type Principal } from '@shared/access';
import { EDITING_TTL_MS, type LiveChange, type LivePresence } from '@shared/live';

/** Who may read a message: the resource's rule, and for a sub-admin's record the permissions it holds. */
export interface Audience {
  resource: string;
  /** a sub-admin's permissions: a Sub-Admin reads its record only holding them all (mayManageAccount) */
  needs?: string[];
}

export type FeedMessage =
  | { kind: 'change'; change: LiveChange; needs?: string[] }
  | { kind: 'editing'; presence: LivePresence; session: string; needs?: string[] };

/** May `caller` read what `audience` names? */
export function mayRead(caller: Principal, audience: Audience): boolean {
  if (!canAccess(caller, audience.resource)) return false;
  return caller.role === 'Admin' || !audience.needs || audience.needs.every((p) => (caller.permissions ?? []).includes(p));
}

/** Streams told of a message before the event loop gets a turn. */
const STREAMS_AT_ONCE = 100;
/** NOTIFY's payload limit is 8000 bytes; a change naming too many records is sent without its ids. */
const MAX_PAYLOAD = 7000;

export interface LiveFeed {
  /** Calls `listener` with every message from now on; answers a function that stops it. */
  subscribe(listener: (message: FeedMessage) => void): () => void;
  /** Tells this server's streams, then the other servers (when relayed). */
  publish(message: FeedMessage): Promise<void>;
  /** A message another server published (replicas/sync.ts). */
  heard(payload: string): void;
  /** Sets where messages go to reach the other servers (null: this server alone). */
  relayTo(send: ((payload: string) => Promise<void>) | null): void;
  /** Those editing record `id` of `resource` now, but `session`. */
  editing(resource: string, id: string, session: string): LivePresence[];
  /** The records `session` has open for editing now. */
  editedBy(session: string): { presence: LivePresence; needs?: string[] }[];
  /** open streams (the metrics and the bench read it) */
  readonly streams: number;
}

export function createLiveFeed(): LiveFeed {
  const listeners = new Set<(message: FeedMessage) => void>();
  let relay: ((payload: string) => Promise<void>) | null = null;
  // record key -> session -> what it said last (every server hears every presence)
  const open = new Map<string, Map<string, { presence: LivePresence; needs?: string[] }>>();
  const keyOf = (resource: string, id: string) => `${resource} ${id}`;
  const alive = (p: LivePresence) => p.until > Date.now();

  // Messages reach the streams in order, STREAMS_AT_ONCE at a time with the event loop free in between:
  // a change told to 1,000 streams must not hold the list calls arriving meanwhile (tests/bench/live.ts).
  const queue: { message: FeedMessage; to: ((message: FeedMessage) => void)[]; next: number }[] = [];
  const drain = () => {
    let budget = STREAMS_AT_ONCE;
    while (queue.length && budget > 0) {
      const head = queue[0];
      while (head.next < head.to.length && budget-- > 0) head.to[head.next++](head.message);
      if (head.next >= head.to.length) queue.shift();
    }
    if (queue.length) setImmediate(drain);
  };

  const deliver = (message: FeedMessage) => {
    if (message.kind === 'editing') {
      const key = keyOf(message.presence.resource, message.presence.id);
      const sessions = open.get(key) ?? new Map();
      if (message.presence.until > 0) sessions.set(message.session, { presence: message.presence, needs: message.needs });
      else sessions.delete(message.session);
      if (sessions.size) open.set(key, sessions);
      else open.delete(key);
    }
    queue.push({ message, to: [...listeners], next: 0 });
    if (queue.length === 1) setImmediate(drain);
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async publish(message) {
      deliver(message);
      if (!relay) return;
      let payload = JSON.stringify(message);
      if (payload.length > MAX_PAYLOAD && message.kind === 'change') payload = JSON.stringify({ ...message, change: { ...message.change, ids: null } });
      if (payload.length > MAX_PAYLOAD) return;
      await relay(payload);
    },
    heard(payload) {
      let message: FeedMessage;
      try {
        message = JSON.parse(payload) as FeedMessage;
      } catch {
        return;
      }
      if (message.kind === 'change' || message.kind === 'editing') deliver(message);
    },
    relayTo(send) {
      relay = send;
    },
    editing(resource, id, session) {
      const sessions = open.get(keyOf(resource, id));
      if (!sessions) return [];
      return [...sessions].filter(([s, { presence }]) => s !== session && alive(presence)).map(([, { presence }]) => presence);
    },
    editedBy(session) {
      const out: { presence: LivePresence; needs?: string[] }[] = [];
      for (const sessions of open.values()) {
        const mine = sessions.get(session);
        if (mine && alive(mine.presence)) out.push(mine);
      }
      return out;
    },
    get streams() {
      return listeners.size;
    },
  };
}

/** How long a presence holds without a heartbeat (exported for the routes). */
export const presenceUntil = () => Date.now() + EDITING_TTL_MS;
