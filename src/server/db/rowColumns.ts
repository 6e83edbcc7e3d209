// "Every column" of a user's or a spot's row as the server reads it: all but the sort keys the database
// derives (db/sortKey.ts SORT_KEYS), which no answer, History entry or export may show. A `selectAll` would
// read them too. Each list is a record of every column, so that the compiler asks for a column added to
// the schema here.
import type { Database } from './schema';
import type { SORT_KEYS, SortKeyOf } from './sortKey';

type RowColumn<T extends keyof typeof SORT_KEYS> = Exclude<keyof Database[T] & string, SortKeyOf<T>>;
const columnsOf = <T extends keyof typeof SORT_KEYS>(every: Record<RowColumn<T>, true>) => Object.keys(every) as RowColumn<T>[];

export const USER_COLUMNS = columnsOf<'users'>({
  id: true,
  name: true,
  email: true,
  phone: true,
  country_code: true,
  password_hash: true,
  status: true,
  user_type: true,
  profile_pic: true,
  thumbnail: true,
  location: true,
  country: true,
  latitude: true,
  longitude: true,
  sequence: true,
  shortcuts: true,
  preferences: true,
  session_version: true,
  suspended_until: true,
  post_count: true,
  itinerary_count: true,
  spot_count: true,
  created_at: true,
  updated_at: true,
});

export const SPOT_COLUMNS = columnsOf<'spots'>({
  id: true,
  user_id: true,
  user_name: true,
  name: true,
  status: true,
  address: true,
  country: true,
  state: true,
  city: true,
  post_code: true,
  latitude: true,
  longitude: true,
  image: true,
  thumbnail_url: true,
  created_at: true,
  updated_at: true,
});
