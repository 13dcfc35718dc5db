/**
 * The catalogue's cities as students write them in the site's other languages (issue 26 §4): the
 * usual exonym in Chinese, Arabic, Urdu, Hindi and French. A search for a city matches its
 * universities in any of them. A first step: a table in the code, not yet data the console edits,
 * and universities' own names are not in it.
 */
type OtherLocale = 'zh-CN' | 'ar' | 'ur' | 'hi' | 'fr';

/** Each city's name in the site's other languages; French only where it has its own. */
export const cityNamesIn: Record<string, Partial<Record<OtherLocale, string>>> = {
  Aberdeen: { 'zh-CN': '阿伯丁', ar: 'أبردين', ur: 'ایبرڈین', hi: 'एबरडीन' },
  Birmingham: { 'zh-CN': '伯明翰', ar: 'برمنغهام', ur: 'برمنگھم', hi: 'बर्मिंघम' },
  Cambridge: { 'zh-CN': '剑桥', ar: 'كامبريدج', ur: 'کیمبرج', hi: 'कैम्ब्रिज' },
  Coventry: { 'zh-CN': '考文垂', ar: 'كوفنتري', ur: 'کوونٹری', hi: 'कोवेंट्री' },
  Durham: { 'zh-CN': '杜伦', ar: 'دورهام', ur: 'ڈرہم', hi: 'डरहम' },
  Edinburgh: { 'zh-CN': '爱丁堡', ar: 'إدنبرة', ur: 'ایڈنبرا', hi: 'एडिनबर्ग', fr: 'Édimbourg' },
  Glasgow: { 'zh-CN': '格拉斯哥', ar: 'غلاسكو', ur: 'گلاسگو', hi: 'ग्लासगो' },
  Hatfield: { 'zh-CN': '哈特菲尔德', ar: 'هاتفيلد', ur: 'ہیٹفیلڈ', hi: 'हैटफ़ील्ड' },
  Lancaster: { 'zh-CN': '兰卡斯特', ar: 'لانكستر', ur: 'لنکاسٹر', hi: 'लैंकेस्टर' },
  Leeds: { 'zh-CN': '利兹', ar: 'ليدز', ur: 'لیڈز', hi: 'लीड्स' },
  Liverpool: { 'zh-CN': '利物浦', ar: 'ليفربول', ur: 'لیورپول', hi: 'लिवरपूल' },
  London: { 'zh-CN': '伦敦', ar: 'لندن', ur: 'لندن', hi: 'लंदन', fr: 'Londres' },
  Manchester: { 'zh-CN': '曼彻斯特', ar: 'مانشستر', ur: 'مانچسٹر', hi: 'मैनचेस्टर' },
  Oxford: { 'zh-CN': '牛津', ar: 'أكسفورد', ur: 'آکسفورڈ', hi: 'ऑक्सफ़ोर्ड' },
  Sheffield: { 'zh-CN': '谢菲尔德', ar: 'شيفيلد', ur: 'شیفیلڈ', hi: 'शेफ़ील्ड' },
  'St Andrews': {
    'zh-CN': '圣安德鲁斯',
    ar: 'سانت أندروز',
    ur: 'سینٹ اینڈریوز',
    hi: 'सेंट एंड्रयूज़',
    fr: 'Saint Andrews',
  },
  Sunderland: { 'zh-CN': '桑德兰', ar: 'سندرلاند', ur: 'سنڈرلینڈ', hi: 'सुंदरलैंड' },
  York: { 'zh-CN': '约克', ar: 'يورك', ur: 'یارک', hi: 'यॉर्क' },
};

/** Every other-language name of each city, as a search matches them. */
export const cityNames: Record<string, readonly string[]> = Object.fromEntries(
  Object.entries(cityNamesIn).map(([city, names]) => [city, Object.values(names)]),
);

/** A city as a reader of `locale` writes it; a city the table does not know, as published. */
export const cityNameIn = (city: string, locale: string): string =>
  (Object.hasOwn(cityNamesIn, city) ? cityNamesIn[city]![locale as OtherLocale] : undefined) ??
  city;

/**
 * Text as a search compares it: compatibility-decomposed, marks dropped (accents, and the hamza
 * of أ/إ/آ, so each reads as ا), lower case. Both sides are folded alike.
 */
export const foldForSearch = (text: string) =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en-GB');

/**
 * Whether a university is found by `query`: its name or city, in English or another of the site's
 * languages, contains it (accents and case ignored). An empty query finds every one.
 */
export function universityMatches(
  university: { name: string; names?: Partial<Record<string, string>>; location: string },
  query: string,
): boolean {
  const needle = foldForSearch(query.trim());
  if (!needle) return true;
  return [
    university.name,
    ...Object.values(university.names ?? {}),
    university.location,
    ...(cityNames[university.location] ?? []),
  ].some((text) => text !== undefined && foldForSearch(text).includes(needle));
}
