/**
 * The catalogue's cities as students write them in the site's other languages (issue 26 §4): the
 * usual exonym in Chinese, Arabic, Urdu, Hindi and French. A search for a city matches its
 * universities in any of them. A first step: a table in the code, not yet data the console edits,
 * and universities' own names are not in it.
 */
export const cityNames: Record<string, readonly string[]> = {
  Aberdeen: ['阿伯丁', 'أبردين', 'ایبرڈین', 'एबरडीन'],
  Birmingham: ['伯明翰', 'برمنغهام', 'برمنگھم', 'बर्मिंघम'],
  Cambridge: ['剑桥', 'كامبريدج', 'کیمبرج', 'कैम्ब्रिज'],
  Coventry: ['考文垂', 'كوفنتري', 'کوونٹری', 'कोवेंट्री'],
  Durham: ['杜伦', 'دورهام', 'ڈرہم', 'डरहम'],
  Edinburgh: ['爱丁堡', 'إدنبرة', 'ایڈنبرا', 'एडिनबर्ग', 'Édimbourg'],
  Glasgow: ['格拉斯哥', 'غلاسكو', 'گلاسگو', 'ग्लासगो'],
  Hatfield: ['哈特菲尔德', 'هاتفيلد', 'ہیٹفیلڈ', 'हैटफ़ील्ड'],
  Lancaster: ['兰卡斯特', 'لانكستر', 'لنکاسٹر', 'लैंकेस्टर'],
  Leeds: ['利兹', 'ليدز', 'لیڈز', 'लीड्स'],
  Liverpool: ['利物浦', 'ليفربول', 'لیورپول', 'लिवरपूल'],
  London: ['伦敦', 'لندن', 'लंदन', 'Londres'],
  Manchester: ['曼彻斯特', 'مانشستر', 'مانچسٹر', 'मैनचेस्टर'],
  Oxford: ['牛津', 'أكسفورد', 'آکسفورڈ', 'ऑक्सफ़ोर्ड'],
  Sheffield: ['谢菲尔德', 'شيفيلد', 'شیفیلڈ', 'शेफ़ील्ड'],
  'St Andrews': ['圣安德鲁斯', 'سانت أندروز', 'سینٹ اینڈریوز', 'सेंट एंड्रयूज़', 'Saint Andrews'],
  Sunderland: ['桑德兰', 'سندرلاند', 'سنڈرلینڈ', 'सुंदरलैंड'],
  York: ['约克', 'يورك', 'یارک', 'यॉर्क'],
};

/**
 * Text as a search compares it: compatibility-decomposed, marks dropped (accents, and the hamza
 * of أ/إ/آ, so each reads as ا), lower case. Both sides are folded alike.
 */
export const foldForSearch = (text: string) =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en-GB');

/**
 * Whether a university is found by `query`: its name or city, or the city in another language,
 * contains it (accents and case ignored). An empty query finds every one.
 */
export function universityMatches(
  university: { name: string; location: string },
  query: string,
): boolean {
  const needle = foldForSearch(query.trim());
  if (!needle) return true;
  return [university.name, university.location, ...(cityNames[university.location] ?? [])].some(
    (text) => foldForSearch(text).includes(needle),
  );
}
