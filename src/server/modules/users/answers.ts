// What the user and sub-admin calls answer (spec §7 "Users and sub-admins"), for the OpenAPI document:
// the rows are the columns routes.ts selects, the counts those of service.ts's userCounts.
import { z } from 'zod';
import { PERMISSIONS } from '@shared/access';
import { MANAGED_USER_TYPES } from '@shared/validation/user';
import { answerOf, itemAnswer, listAnswer, maybeText, timestamp, whole } from '@server/http/answers';
import { pickerRow } from '@server/http/picker';

/**
 * The status column as stored: the forms' choices (Pending, Active, Inactive, Request Pending), but the
 * column is free text and Add User stores the status as sent (untrimmed), so any text may come back.
 */
const accountStatus = z.string().meta({ description: 'Pending, Active, Inactive or Request Pending, as stored' });

/** The columns every user answer shows (routes.ts's baseColumns). */
const accountColumns = {
  id: whole,
  name: z.string(),
  email: z.string(),
  phone: maybeText,
  country_code: maybeText,
  status: accountStatus,
  user_type: z.enum(MANAGED_USER_TYPES),
  profile_pic: maybeText,
  thumbnail: maybeText,
  location: maybeText,
  sequence: whole,
  created_at: timestamp,
};

/** A row of the users or sub-admins list, with the counts kept on the user's row. */
export const userRow = z.object({
  ...accountColumns,
  postCount: whole,
  itineraryCount: whole,
  userSpotCount: whole,
});

/** One user or sub-admin (the detail page): the row, the place, every count of spec §3 "User" and the granted permissions. */
export const userDetail = z.object({
  ...accountColumns,
  country: maybeText,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  postCount: whole,
  itineraryCount: whole,
  userSpotCount: whole,
  postSpotCount: whole,
  itineraryTripsCounts: whole,
  userFollowersCount: whole,
  countryCount: whole,
  permissions: z.array(z.enum(PERMISSIONS)).meta({ description: "a Sub-Admin's granted permissions; empty for a User" }),
  updated_at: timestamp.describe('the version an edit sends back (no lost updates)'),
});

/** A page of users: their rows, or a form's picker rows for a caller without User-list (http/picker.ts). */
export const userListAnswer = listAnswer(z.union([userRow, pickerRow]));
export const userDetailAnswer = itemAnswer(userDetail);
/** A new account: its id, and for a Sub-Admin whether the invitation mail went out (false when its template is off). */
export const userCreatedAnswer = itemAnswer(z.object({ id: whole, invitationSent: z.boolean().optional() }));
/** The account saved, and its new version (what the next save of its form sends back). */
export const userUpdatedAnswer = itemAnswer(z.object({ id: whole, updated_at: timestamp }));
export const sequenceAnswer = itemAnswer(z.object({ id: whole, sequence: whole }));
/** Each asked id (once) in one of the two lists: done, or not found / not the caller's to manage. */
export const bulkActionAnswer = answerOf(z.object({ succeedUserIds: z.array(whole), failedUserIds: z.array(whole) }));
