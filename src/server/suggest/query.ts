// What an itinerary search asks for, in English, Turkish or Arabic: "3 days in Istanbul",
// "İstanbul'da 3 gün", "3 أيام في إسطنبول", "إسطنبول ٣ أيام". Text is compared folded (no accents,
// both Turkish i's as i, Arabic letter variants merged, any digits as 0-9); what is shown back keeps
// the spelling that was typed.
import { foldText, westernDigits } from '@shared/text';
import { KNOWN_PLACES, type KnownPlace, type PlaceLanguage } from './places';

// folding is shared with the gazetteer and the spots' duplicate check (src/shared/text.ts)
export { foldText, westernDigits };

const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/;
const TURKISH_LETTERS = /[İıĞğŞş]/;

export interface QueryAnalysis {
  /** the place, folded ("istanbul"); a known place's English name ("cappadocia" for "Kapadokya") */
  place: string;
  /** the place as typed, without a Turkish case suffix ("İstanbul" for "İstanbul'da") */
  placeText: string;
  days: number;
  /** the days the search asked for, before the MAX_DAYS cap (1 when none is said) */
  askedDays: number;
  /** words that are not the place or the days, lower case as typed ("museums", "müzeler") */
  themes: string[];
  /** the language the query looks written in */
  lang: PlaceLanguage;
  /** the place from the table of local names, when it is one */
  known: KnownPlace | null;
  /** what to ask the geocoder, best first */
  geocodeQueries: string[];
}

export const MAX_DAYS = 7;

// number words, folded
const NUMBER_WORDS = foldKeys({
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7,
  bir: 1, iki: 2, üç: 3, dört: 4, beş: 5, altı: 6, yedi: 7,
  واحد: 1, واحدة: 1, اثنين: 2, اثنان: 2, ثلاثة: 3, ثلاث: 3, أربعة: 4, أربع: 4, خمسة: 5, خمس: 5, ستة: 6, ست: 6, سبعة: 7, سبع: 7,
});
// "3 days", "3 gün", "3 günlük", "3 أيام", "10 يوما"
const DAY_WORDS = foldSet(['day', 'days', 'gün', 'günlük', 'günde', 'günü', 'günler', 'أيام', 'ايام', 'يوم', 'يوما', 'يومًا', 'أيامٍ']);
// a word that is two days by itself
const TWO_DAYS = foldSet(['يومين', 'يومان']);
const WEEK_WORDS = foldSet(['week', 'hafta', 'haftalık', 'أسبوع', 'الأسبوع', 'اسبوع']);
const WEEKEND = [['weekend'], ['hafta', 'sonu'], ['haftasonu'], ['نهاية', 'الأسبوع'], ['عطلة', 'نهاية', 'الأسبوع'], ['الويكند'], ['ويكند']].map((w) => w.map(foldText));
// "… in <place>", "… في <place>"
const PLACE_MARKERS = foldSet(['in', 'في', 'فى']);
const STOP_WORDS = foldSet([
  'for', 'a', 'an', 'the', 'of', 'and', 'to', 'trip', 'tour', 'plan', 'itinerary', 'with', 'my', 'in',
  'için', 've', 'bir', 'gezi', 'gezisi', 'tur', 'turu', 'plan', 'planı', 'rota', 'rotası', 'seyahat', 'seyahati', 'tatil', 'tatili', 'programı',
  'في', 'لمدة', 'مدة', 'رحلة', 'خطة', 'جولة', 'برنامج', 'إلى', 'الى', 'و', 'ل', 'من',
]);
// Turkish case endings after a place name, longest first ("İstanbul'da", "İzmir'deki", "Ankaraya")
const TURKISH_SUFFIXES = ['daki', 'deki', 'taki', 'teki', 'dan', 'den', 'tan', 'ten', 'nın', 'nin', 'nun', 'nün', 'da', 'de', 'ta', 'te', 'ya', 'ye', 'yı', 'yi', 'yu', 'yü', 'ın', 'in', 'un', 'ün', 'a', 'e', 'ı', 'i', 'u', 'ü'].map(foldText);
// Turkish locative endings: the word carrying one names where the trip is
const LOCATIVE = new Set(['da', 'de', 'ta', 'te', 'nda', 'nde', 'daki', 'deki', 'taki', 'teki', 'ndaki', 'ndeki'].map(foldText));
// Arabic one-letter prefixes glued to a name: بـ (in), لـ (to), و (and), فـ (in)
const ARABIC_PREFIXES = ['ب', 'ل', 'و', 'ف'];

function foldSet(words: string[]): Set<string> {
  return new Set(words.map(foldText));
}
function foldKeys(map: Record<string, number>): Map<string, number> {
  return new Map(Object.entries(map).map(([k, n]) => [foldText(k), n]));
}

/** Folded spelling of a known place's names and aliases → the place. */
const KNOWN_BY_NAME: Map<string, KnownPlace> = (() => {
  const map = new Map<string, KnownPlace>();
  for (const place of KNOWN_PLACES) {
    for (const name of [...Object.values(place.names), ...(place.aliases ?? []), place.query.split(',')[0]]) {
      const key = foldText(name);
      if (!map.has(key)) map.set(key, place);
    }
  }
  return map;
})();

interface Token {
  /** as typed, without a suffix after an apostrophe */
  raw: string;
  /** folded, without a suffix after an apostrophe */
  key: string;
  /** the folded suffix after an apostrophe ("da" in "İstanbul'da") */
  suffix: string;
  used: boolean;
}

function tokenise(text: string): Token[] {
  const spaced = westernDigits(text)
    .replace(/[’‘ʼ`´]/g, "'")
    // "3-day", "3days", "٣أيام": the number apart from its word
    .replace(/(\d)-?(?=\p{L})/gu, '$1 ')
    .replace(/[^\p{L}\p{M}\p{N}'\s-]/gu, ' ');
  const tokens: Token[] = [];
  for (const word of spaced.split(/\s+/)) {
    const trimmed = word.replace(/^['-]+|['-]+$/g, '');
    if (!trimmed) continue;
    const apostrophe = trimmed.indexOf("'");
    const raw = apostrophe > 0 ? trimmed.slice(0, apostrophe) : trimmed;
    const suffix = apostrophe > 0 ? foldText(trimmed.slice(apostrophe + 1)) : '';
    tokens.push({ raw, key: foldText(raw), suffix, used: false });
  }
  return tokens;
}

function guessLanguage(text: string, tokens: Token[]): PlaceLanguage {
  if (ARABIC_SCRIPT.test(text)) return 'ar';
  if (TURKISH_LETTERS.test(text)) return 'tr';
  const turkish = foldSet(['gün', 'günlük', 'için', 've', 'hafta', 'gezi', 'gezisi']);
  if (tokens.some((t) => turkish.has(t.key) || LOCATIVE.has(t.suffix))) return 'tr';
  return 'en';
}

/** Reads the number of days and marks the words that said it; 0 when none is said. */
function readDays(tokens: Token[]): number {
  const free = tokens.filter((t) => !t.used);
  for (let i = 0; i < free.length; i++) {
    const t = free[i];
    const next = free[i + 1];
    const count = /^\d+$/.test(t.key) ? Number(t.key) : NUMBER_WORDS.get(t.key);
    // "3 days", "three days", "3 gün", "3 أيام"
    if (count !== undefined && next && DAY_WORDS.has(next.key)) {
      t.used = next.used = true;
      return count;
    }
    // "يوم واحد" (one day), "أيام ثلاثة"
    const after = next ? NUMBER_WORDS.get(next.key) ?? (/^\d+$/.test(next.key) ? Number(next.key) : undefined) : undefined;
    if (DAY_WORDS.has(t.key) && after !== undefined && next.key.length > 2) {
      t.used = next.used = true;
      return after;
    }
    if (TWO_DAYS.has(t.key)) {
      t.used = true;
      return 2;
    }
  }
  for (const phrase of WEEKEND) {
    for (let i = 0; i + phrase.length <= free.length; i++) {
      if (phrase.every((w, j) => free[i + j].key === w)) {
        for (let j = 0; j < phrase.length; j++) free[i + j].used = true;
        return 2;
      }
    }
  }
  for (let i = 0; i < free.length; i++) {
    if (WEEK_WORDS.has(free[i].key)) {
      free[i].used = true;
      const before = free[i - 1];
      if (before && NUMBER_WORDS.get(before.key) === 1) before.used = true;
      return 7;
    }
  }
  return 0;
}

/** The known place a folded name (maybe with a Turkish ending or an Arabic prefix) stands for. */
export function knownPlace(folded: string): KnownPlace | null {
  for (const variant of spellings(folded)) {
    const known = KNOWN_BY_NAME.get(variant);
    if (known) return known;
  }
  return null;
}

/** A name as typed, then without a glued Turkish ending or Arabic prefix: "istanbulda" → "istanbul". */
export function spellings(name: string): string[] {
  const out = [name];
  const words = name.split(' ');
  const last = words[words.length - 1];
  const first = words[0];
  if (ARABIC_SCRIPT.test(name)) {
    for (const p of ARABIC_PREFIXES) if (first.startsWith(p) && first.length > p.length + 2) out.push([first.slice(p.length), ...words.slice(1)].join(' '));
  } else {
    const folded = foldText(last);
    for (const s of TURKISH_SUFFIXES) {
      if (folded.endsWith(s) && last.length - s.length >= 3) out.push([...words.slice(0, -1), last.slice(0, last.length - s.length)].join(' '));
    }
  }
  return [...new Set(out)];
}

const lowerCase = (text: string, lang: PlaceLanguage) => text.replace(/İ/g, 'i').toLocaleLowerCase(lang === 'tr' ? 'tr' : 'en');

/**
 * Understands "3 days in Istanbul", "weekend in Rome", "museums and food in Paris for two days",
 * "Izmir", "İstanbul'da 3 gün", "3 günlük Kapadokya gezisi", "3 أيام في إسطنبول", "إسطنبول ٣ أيام":
 * the place, a number of days (1 when none is said, at most 7) and theme words.
 */
export function analyseQuery(text: string): QueryAnalysis {
  const tokens = tokenise(text);
  const lang = guessLanguage(text, tokens);
  const said = readDays(tokens);
  const days = Math.min(Math.max(said || 1, 1), MAX_DAYS);

  const free = tokens.filter((t) => !t.used);
  const isWord = (t: Token) => !STOP_WORDS.has(t.key);
  let place: Token[] = [];
  // "… in <place>" / "… في <place>": the words after the last marker
  const marker = free.map((t) => PLACE_MARKERS.has(t.key) && !t.suffix).lastIndexOf(true);
  const locative = free.findIndex((t) => LOCATIVE.has(t.suffix));
  if (marker >= 0 && free.slice(marker + 1).some(isWord)) {
    place = free.slice(marker + 1).filter(isWord);
  } else if (locative >= 0) {
    // "İstanbul'da", "New York'ta": the word with the ending, and the capitalised words before it
    // or the longest run that is a known place
    let start = locative;
    for (let from = Math.max(0, locative - 2); from < locative; from++) {
      if (KNOWN_BY_NAME.has(free.slice(from, locative + 1).map((t) => t.key).join(' '))) {
        start = from;
        break;
      }
    }
    if (start === locative) while (start > 0 && /^\p{Lu}/u.test(free[start - 1].raw) && isWord(free[start - 1])) start--;
    place = free.slice(start, locative + 1);
  } else {
    const words = free.filter(isWord);
    // a known place among the words ("müzeler Paris", "إسطنبول ٣ أيام"), else all of them
    let found: Token[] | null = null;
    for (let size = Math.min(3, words.length); size >= 1 && !found; size--) {
      for (let i = 0; i + size <= words.length && !found; i++) {
        const run = words.slice(i, i + size);
        if (knownPlace(run.map((t) => t.key).join(' '))) found = run;
      }
    }
    place = found ?? words;
  }
  for (const t of place) t.used = true;
  const themes = tokens.filter((t) => !t.used && isWord(t) && !PLACE_MARKERS.has(t.key)).map((t) => lowerCase(t.raw, lang));

  const placeKey = place.map((t) => t.key).join(' ');
  const placeText = place.map((t) => t.raw).join(' ');
  const known = placeKey ? knownPlace(placeKey) : null;
  const geocodeQueries = known ? [known.query] : placeText ? spellings(placeText) : [];
  return {
    place: known ? foldText(known.names.en) : placeKey,
    placeText,
    days,
    askedDays: Math.max(said, 1),
    themes,
    lang,
    known,
    geocodeQueries,
  };
}
