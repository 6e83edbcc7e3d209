import { describe, expect, it } from 'vitest';
import { messageKeyOf } from '@admin/components/useServerMessage';
import { createI18nProvider } from '@admin/i18n';
import { suggestionTitle } from '@admin/pages/ai/SuggestionTitle';
import { englishMessage } from '@shared/validation/messages';
import { type Candidate, distinctSpots, groupByDistance, parseQuery, planTrip } from '@server/suggest/engine';
import { analyseQuery, foldText, spellings, westernDigits } from '@server/suggest/query';
import { pathLength, shortRoute } from '@server/suggest/shortestRoute';

const spot = (id: number, latitude: number, longitude: number, extra: Partial<Candidate> = {}): Candidate => ({
  id,
  name: `Spot ${id}`,
  latitude,
  longitude,
  city: 'Istanbul',
  country: 'Türkiye',
  categoryIds: [],
  popularity: 0,
  ...extra,
});
const ISTANBUL = { latitude: 41.01, longitude: 28.97 };

describe('the itinerary engine', () => {
  it('understands a place, a number of days and themes', () => {
    expect(parseQuery('3 days in Istanbul')).toEqual({ place: 'istanbul', days: 3, themes: [] });
    expect(parseQuery('Museums and food in Rome for two days')).toEqual({ place: 'rome', days: 2, themes: ['museums', 'food'] });
    expect(parseQuery('weekend in New York')).toMatchObject({ place: 'new york', days: 2 });
    expect(parseQuery('Izmir')).toEqual({ place: 'izmir', days: 1, themes: [] });
    expect(parseQuery('30 days in Paris').days).toBe(7);
  });

  it('orders a day as a route shorter than the order it was given in', () => {
    // points along a line, given shuffled
    const shuffled = [0, 5, 1, 4, 2, 3].map((i) => spot(i, 41, 28.9 + i * 0.02));
    const route = shortRoute(shuffled);
    expect(pathLength(route)).toBeLessThan(pathLength(shuffled));
    expect(route.map((s) => s.id)).toEqual(route[0].id === 0 ? [0, 1, 2, 3, 4, 5] : [5, 4, 3, 2, 1, 0]);
  });

  it('groups stops into days by distance: the two sides of the Bosphorus stay apart', () => {
    const europe = [1, 2, 3].map((i) => spot(i, 41.01 + i * 0.003, 28.95 + i * 0.003));
    const asia = [4, 5, 6].map((i) => spot(i, 40.99 + i * 0.003, 29.05 + i * 0.003));
    const groups = groupByDistance([...europe, ...asia], 2);
    const sides = groups.map((g) => g.map((s) => s.id).sort());
    expect(sides).toContainEqual([1, 2, 3]);
    expect(sides).toContainEqual([4, 5, 6]);
  });

  it('balances the days: a lone far stop does not make a day of one beside days of three (3/2/2, not 3/1/3)', () => {
    const west = [1, 2, 3].map((i) => spot(i, 41.0 + i * 0.002, 28.9 + i * 0.002));
    const east = [4, 5, 6].map((i) => spot(i, 41.0 + i * 0.002, 29.1 + i * 0.002));
    const north = spot(7, 41.2, 29.0);
    const sizes = groupByDistance([...west, ...east, north], 3).map((g) => g.length);
    expect(sizes.reduce((a, b) => a + b)).toBe(7);
    expect([...sizes].sort()).toEqual([2, 2, 3]);
  });

  it('favours spots in the chosen categories and in popular posts, within the radius', () => {
    const plain = Array.from({ length: 6 }, (_, i) => spot(i + 1, 41 + i * 0.01, 28.95));
    const museum = spot(20, 41.05, 29.0, { categoryIds: [7] });
    const popular = spot(21, 41.04, 29.01, { popularity: 40 });
    const faraway = spot(22, 39.9, 32.85, { categoryIds: [7], popularity: 99 }); // Ankara
    const [day] = planTrip([...plain, museum, popular, faraway], ISTANBUL, 1, [7]);
    const ids = day.stops.map((s) => s.id);
    expect(ids).toHaveLength(4);
    expect(ids).toContain(20);
    expect(ids).toContain(21);
    expect(ids).not.toContain(22);
    // and the same query gives the same plan
    expect(planTrip([...plain, museum, popular, faraway], ISTANBUL, 1, [7])[0].stops.map((s) => s.id)).toEqual(ids);
  });

  it('has nothing to suggest when no spot is near the place', () => {
    expect(planTrip([spot(1, 39.9, 32.85)], ISTANBUL, 3, [])).toEqual([]);
  });

  it('never lists a spot twice: the same id, or the same name within 100 m, keeps its best entry', () => {
    const market = spot(1, 41.0107, 28.968, { name: 'Istanbul Grand Market', popularity: 9 });
    const again = spot(2, 41.0108, 28.9682, { name: 'istanbul grand  market', popularity: 8 }); // ~20 m away
    const namesake = spot(3, 41.04, 29.0, { name: 'Istanbul Grand Market', popularity: 7 }); // 4 km away: another place
    const others = [4, 5, 6].map((i) => spot(i, 41.0107 + i * 0.001, 28.968, { popularity: 1 }));
    expect(distinctSpots([market, market, again, namesake, ...others]).map((s) => s.id)).toEqual([1, 3, 4, 5, 6]);
    const plan = planTrip([market, again, namesake, ...others, market], ISTANBUL, 2, []);
    const ids = plan.flatMap((d) => d.stops.map((s) => s.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(1);
    expect(ids).not.toContain(2);
  });
});

describe('the itinerary search in Turkish and Arabic', () => {
  it('folds both Turkish i\'s, accents, Arabic letter variants and any digits', () => {
    expect(foldText('İSTANBUL')).toBe('istanbul');
    expect(foldText('ıstanbul')).toBe('istanbul');
    expect(foldText('İstanbul')).not.toContain(' ');
    expect(foldText('Üsküdar Çarşı')).toBe('uskudar carsi');
    expect(foldText('إسطنبول')).toBe(foldText('اسطنبول'));
    expect(foldText('القاهرة')).toBe('القاهره');
    expect(westernDigits('٣ أيام، ۷ روز')).toBe('3 أيام، 7 روز');
  });

  it("understands Turkish: the place with its case ending, gün and günlük, number words", () => {
    expect(parseQuery("İstanbul'da 3 gün")).toEqual({ place: 'istanbul', days: 3, themes: [] });
    expect(parseQuery("ISTANBUL'DA 3 GÜN")).toEqual({ place: 'istanbul', days: 3, themes: [] });
    expect(parseQuery('İstanbul’da 3 gün')).toEqual({ place: 'istanbul', days: 3, themes: [] });
    expect(parseQuery('istanbulda 3 gün')).toMatchObject({ place: 'istanbul', days: 3 });
    expect(parseQuery("İzmir'de bir hafta")).toMatchObject({ place: 'izmir', days: 7 });
    expect(parseQuery('3 günlük Kapadokya gezisi')).toEqual({ place: 'cappadocia', days: 3, themes: [] });
    expect(parseQuery("Kapadokya'ya iki günlük gezi")).toMatchObject({ place: 'cappadocia', days: 2 });
    expect(parseQuery('hafta sonu Ankara')).toMatchObject({ place: 'ankara', days: 2 });
    expect(parseQuery("New York'ta 3 gün")).toMatchObject({ place: 'new york', days: 3 });
    expect(parseQuery("Paris'te müzeler ve yemek 2 gün")).toEqual({ place: 'paris', days: 2, themes: ['müzeler', 'yemek'] });
    const istanbul = analyseQuery("İstanbul'da 3 gün");
    expect(istanbul).toMatchObject({ placeText: 'İstanbul', lang: 'tr', geocodeQueries: ['Istanbul, TR'] });
    expect(istanbul.known?.names).toEqual({ en: 'Istanbul', tr: 'İstanbul', ar: 'إسطنبول' });
  });

  it('tries an unknown place as typed, then without a glued Turkish ending', () => {
    expect(spellings('Reykjavíkte')).toEqual(['Reykjavíkte', 'Reykjavík', 'Reykjavíkt']);
    expect(analyseQuery("Reykjavík'te 2 gün")).toMatchObject({ place: 'reykjavik', placeText: 'Reykjavík', days: 2, known: null, geocodeQueries: ['Reykjavík'] });
    // a name that merely ends like a suffix stays whole first
    expect(spellings('Canada')[0]).toBe('Canada');
  });

  it('understands Arabic: أيام and يوم, في before the place, Arabic-Indic and Persian digits, Arabic place names', () => {
    expect(parseQuery('3 أيام في إسطنبول')).toEqual({ place: 'istanbul', days: 3, themes: [] });
    expect(parseQuery('إسطنبول ٣ أيام')).toEqual({ place: 'istanbul', days: 3, themes: [] });
    expect(parseQuery('إسطنبول ۳ أيام')).toEqual({ place: 'istanbul', days: 3, themes: [] });
    expect(parseQuery('يومين في باريس')).toEqual({ place: 'paris', days: 2, themes: [] });
    expect(parseQuery('رحلة لمدة ثلاثة أيام إلى القاهرة')).toEqual({ place: 'cairo', days: 3, themes: [] });
    expect(parseQuery('أسبوع في لندن')).toMatchObject({ place: 'london', days: 7 });
    expect(parseQuery('٢ أيام في أنقرة')).toMatchObject({ place: 'ankara', days: 2 });
    expect(parseQuery('بإسطنبول 3 أيام')).toMatchObject({ place: 'istanbul', days: 3 });
    for (const [arabic, english] of [['إزمير', 'izmir'], ['مدريد', 'madrid'], ['روما', 'rome'], ['أنطاليا', 'antalya'], ['كابادوكيا', 'cappadocia']]) {
      expect(parseQuery(`يوم واحد في ${arabic}`), arabic).toMatchObject({ place: english, days: 1 });
    }
    expect(analyseQuery('3 أيام في إسطنبول')).toMatchObject({ placeText: 'إسطنبول', lang: 'ar' });
  });
});

describe('the suggestion in the admin\'s language', () => {
  const provider = createI18nProvider('en');
  const inLocale = async (locale: string) => {
    await provider.changeLocale(locale);
    return provider.translate;
  };
  const day = { title: 'Istanbul, day 1 of 3', day: 1, days: 3, place: 'Istanbul', placeNames: { en: 'Istanbul', tr: 'İstanbul', ar: 'إسطنبول' }, theme: null };

  it('words the day titles in English, Turkish and Arabic', async () => {
    expect(suggestionTitle(await inLocale('en'), day, 'en')).toBe('Istanbul, day 1 of 3');
    expect(suggestionTitle(await inLocale('tr'), day, 'tr')).toBe('İstanbul, 1. gün / 3');
    expect(suggestionTitle(await inLocale('ar'), day, 'ar')).toBe('إسطنبول، اليوم 1 من 3');
    expect(suggestionTitle(await inLocale('en'), { ...day, theme: 'Food' }, 'en')).toBe('Food in Istanbul, day 1 of 3');
    expect(suggestionTitle(await inLocale('en'), { ...day, days: 1 }, 'en')).toBe('Istanbul');
    // an answer without the structured fields keeps its title
    expect(suggestionTitle(await inLocale('tr'), { title: 'Old title' }, 'tr')).toBe('Old title');
  });

  it('reads the key and values of the server\'s refusals, named or in the English text', async () => {
    expect(messageKeyOf({ message: 'x', body: { data: { messageKey: 'unknownPlace', values: { place: 'Atlantis' } } } })).toEqual({ key: 'unknownPlace', values: { place: 'Atlantis' } });
    const english = englishMessage('nothingToSuggest', { search: '2 days in Oslo', place: 'Oslo' });
    expect(messageKeyOf({ message: english })).toEqual({ key: 'nothingToSuggest', values: { search: '2 days in Oslo', place: 'Oslo' } });
    expect(messageKeyOf({ message: 'No data found' })).toEqual({ key: 'noDataFound', values: {} });
    expect(messageKeyOf({ message: 'Something else' })).toBeNull();
    const tr = await inLocale('tr');
    expect(tr('messages.unknownPlace', { place: 'Atlantis' })).toBe('Gezi planı önerilemiyor: "Atlantis" bilinen bir yer değil.');
  });
});
