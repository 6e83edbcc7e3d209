// Table types for Kysely. Timestamps are ISO-8601 UTC text on both dialects so that they compare,
// sort and serialise identically on SQLite and PostgreSQL.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

type Id = Generated<number>;
type Timestamp = string;

export interface RolesTable {
  id: Id;
  name: string;
}

export interface PermissionsTable {
  id: Id;
  name: string;
  description: string;
}

export interface UserPermissionsTable {
  user_id: number;
  permission_id: number;
}

export interface UsersTable {
  id: Id;
  name: string;
  email: string;
  phone: string | null;
  country_code: string | null;
  password_hash: string;
  status: string;
  user_type: string;
  profile_pic: string | null;
  thumbnail: string | null;
  location: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  sequence: Generated<number>;
  shortcuts: string | null;
  /** JSON of src/shared/preferences.ts */
  preferences: string | null;
  /** bumped to end every session of the account (007_session_version) */
  session_version: Generated<number>;
  /** maintained by triggers (db/counts.ts): live posts, live itineraries and spots of this user */
  post_count: Generated<number>;
  itinerary_count: Generated<number>;
  spot_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NamedStatusTable {
  id: Id;
  name: string;
  /** lower-cased name: the unique, case-insensitive key */
  name_key: string;
  status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SpotsTable {
  id: Id;
  user_id: number | null;
  /** the author's name, copied by triggers (db/authorNames.ts) */
  user_name: Generated<string | null>;
  name: string;
  status: string;
  address: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  post_code: string | null;
  latitude: number | null;
  longitude: number | null;
  image: string | null;
  thumbnail_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PostsTable {
  id: Id;
  type: string;
  user_id: number;
  /** the author's name, copied by triggers (db/authorNames.ts) */
  user_name: Generated<string | null>;
  title: string;
  description: string | null;
  latitude: number | null;
  longitude: number | null;
  itinerary_date: Timestamp | null;
  is_planeed: string;
  is_public: number;
  sequence: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface PostCategoriesTable {
  post_id: number;
  category_id: number;
}
export interface PostTagsTable {
  post_id: number;
  tag_id: number;
}
export interface PostSpotsTable {
  id: Id;
  post_id: number;
  spot_id: number;
  itinerary_date: Timestamp | null;
  position: number;
}

export interface CommentsTable {
  id: Id;
  post_id: number;
  user_id: number;
  comment: string;
  created_at: Timestamp;
  deleted_at: Timestamp | null;
}

export interface FollowsTable {
  follower_id: number;
  following_id: number;
  created_at: Timestamp;
}

export interface ReportsTable {
  id: Id;
  type: string;
  user_id: number;
  post_id: number | null;
  comment_id: number | null;
  other_user_id: number | null;
  report_category_id: number | null;
  reason: string | null;
  status: string;
  user_status_by_admin: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  // copies of what the report points at, kept by triggers (db/reportCopies.ts)
  reporter_name: Generated<string | null>;
  target_name: Generated<string | null>;
  post_title: Generated<string | null>;
  post_text: Generated<string | null>;
  comment_text: Generated<string | null>;
  category_name: Generated<string | null>;
}

export interface PagesTable {
  id: Id;
  title: string;
  slug: string;
  description: string;
  status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RefreshTokensTable {
  id: Id;
  user_id: number;
  token_hash: string;
  family_id: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  replaced_at: Timestamp | null;
  created_at: Timestamp;
}

/** A sign-in's session: its refresh-token family (id = refresh_tokens.family_id), migration 023. */
export interface SessionsTable {
  id: string;
  user_id: number;
  /** "Chrome 131 on Linux", from the user agent at sign-in; '' when unknown */
  device: string;
  /** the client's address at sign-in, as the server judged it (TRUST_PROXY) */
  ip: string;
  started_at: Timestamp;
  /** the sign-in or the latest refresh */
  last_used_at: Timestamp;
  ended_at: Timestamp | null;
}

export interface PasswordResetTokensTable {
  id: Id;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface LoginFailuresTable {
  id: Id;
  /** 'ip:<address>' or 'email:<address>' */
  key: string;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Id;
  /** who acted, as they were then (no foreign key: the entry outlives the account); null: the system or a guest */
  actor_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  actor_role: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  detail: string | null;
  /** where the call came from: the client's address (as TRUST_PROXY judges it) and its user agent */
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  /** the entry's link in the chain (modules/audit/chain.ts); null for entries written before it began */
  hash: string | null;
}

/** Everyone who ever acted, as last seen (the person filter, once an account is gone). */
export interface AuditActorsTable {
  id: number;
  name: string;
  email: string;
  role: string;
}

/** A person's authenticator key (024_two_factor); `secret` is sealed (auth/secretBox.ts). */
export interface TwoFactorTable {
  user_id: number;
  secret: string;
  /** null while the enrolment waits for its first code */
  enabled_at: Timestamp | null;
  /** the last TOTP time step accepted: a code of that step or an earlier one is refused */
  last_step: Generated<number>;
  created_at: Timestamp;
}

export interface RecoveryCodesTable {
  id: Id;
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
}

/** Between a right password and the second factor: single use, short-lived, stored hashed. */
export interface SignInChallengesTable {
  id: Id;
  user_id: number;
  token_hash: string;
  /** 'verify': asks for a code; 'enrol': the staff policy asks to set two-factor up first */
  kind: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** Maintained totals (db/counts.ts): 'posts:post', 'users:User:Active', 'spots', 'reports:comment:Pending'… */
export interface RowCountsTable {
  name: string;
  n: number;
}

export interface Database {
  row_counts: RowCountsTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  user_permissions: UserPermissionsTable;
  users: UsersTable;
  categories: NamedStatusTable;
  tags: NamedStatusTable;
  report_categories: NamedStatusTable;
  spots: SpotsTable;
  posts: PostsTable;
  post_categories: PostCategoriesTable;
  post_tags: PostTagsTable;
  post_spots: PostSpotsTable;
  comments: CommentsTable;
  follows: FollowsTable;
  reports: ReportsTable;
  email_templates: PagesTable;
  content_pages: PagesTable;
  refresh_tokens: RefreshTokensTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  login_failures: LoginFailuresTable;
  audit_log: AuditLogTable;
  audit_actors: AuditActorsTable;
  settings: SettingsTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
