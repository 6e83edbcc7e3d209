// Places read as names, not codes: spots stored by older demo seeds carry a country code ('ES') and a
// GeoNames admin code for the state ('29'), shown as 'Madrid, 29, ES'. They become 'Spain' and the
// state's name (that of the nearest known town, as the offline geocoder words it). Only spots whose
// country is a two-letter code are read.
import { type Kysely, sql } from 'kysely';
import { stateNear } from '@server/geo/gazetteer';

export async function up(db: Kysely<unknown>): Promise<void> {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const rows = await sql<{ id: number; country: string; state: string | null; latitude: number | null; longitude: number | null }>`
    SELECT id, country, state, latitude, longitude FROM spots WHERE length(country) = 2`.execute(db);
  for (const spot of rows.rows) {
    const code = spot.country.toUpperCase();
    let country: string;
    try {
      country = names.of(code) ?? spot.country;
    } catch {
      continue;
    }
    const stateIsCode = !spot.state || /^[0-9A-Z]{1,3}$/.test(spot.state);
    const state =
      stateIsCode && spot.latitude !== null && spot.longitude !== null ? stateNear(code, Number(spot.latitude), Number(spot.longitude)) : spot.state;
    await sql`UPDATE spots SET country = ${country}, state = ${state} WHERE id = ${spot.id}`.execute(db);
  }
}
