// The moderation desk at bench scale (issue 34): the seed's reports are filed into cases by the product's
// trigger as they go in, each one opening or joining its target's open case whatever its state. Once
// they are in, the Resolved ones are decided as the product would have decided them (their target's
// status then: Inactive upheld, else dismissed), and the cases that hold no Pending report are decided:
// what stays open is the cases of the Pending reports' pool (data.ts), about one per ten reports.

/** SQL run once after the seed, the same on SQLite and PostgreSQL. */
export const CASE_SEED_STEPS = [
  `UPDATE reports SET outcome = (CASE WHEN user_status_by_admin = 'Inactive' THEN 'upheld' ELSE 'dismissed' END), decided_at = updated_at
    WHERE status = 'Resolved'`,
  `UPDATE moderation_cases SET status = 'decided', decision = 'dismiss', decided_at = last_reported_at, version = version + 1
    WHERE status = 'open' AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.case_id = moderation_cases.id AND r.status = 'Pending')`,
];

/** The list of open cases, as the desk asks for it (a reason: the seed's first report category). */
export const MODERATION_LIST = { key: 'moderation', path: '/api/moderation/cases', firstReason: 1 } as const;
