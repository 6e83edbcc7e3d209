// What the live stream (GET /api/events, server: modules/live/) sends, as both sides read it.

/** A staff change to records of one kind, told to the people who may read them. */
export interface LiveChange {
  /** the audit entry's id (the last of a group): the event's id, which a reconnecting client sends back */
  id: number;
  /** the admin resource whose list and pages show the records ('post', 'itinerary', 'subadmin'…) */
  resource: string;
  /** the records' ids; null when they are too many to name (a bulk change): the whole list may have changed */
  ids: string[] | null;
  /** the audit action ('update', 'delete', 'bulk.inactive'…) */
  action: string;
  /** who made it; null for the system (a suspension ending) */
  by: { id: number; name: string } | null;
}

/** Someone has a record's edit dialog open (`until` > 0, epoch ms), or closed it (`until` 0). */
export interface LivePresence {
  resource: string;
  id: string;
  by: { id: number; name: string };
  until: number;
}

/** The stream's event names. */
export const LIVE_EVENTS = {
  change: 'change',
  editing: 'editing',
  /** what was missed could not be told: refresh everything shown */
  refresh: 'refresh',
  /** sent first: the id the stream starts after */
  ready: 'ready',
} as const;

/** How often an open edit dialog says so, and how long that holds without a word. */
export const EDITING_HEARTBEAT_MS = 15_000;
export const EDITING_TTL_MS = 40_000;
