/**
 * Countries whose residents need a tuberculosis test for a UK visa of more than 6 months, from
 * GOV.UK "Tuberculosis tests for visa applicants: countries where you need a TB test to enter the
 * UK" (Appendix T of the Immigration Rules). Checked on 23 November 2026 (session 19) against the
 * list as published through 2024 and 2025, from memory of that page (no network here): the 102
 * entries below agree with it, by ISO 3166 code (Burma = MM, East Timor = TL, Eswatini = SZ,
 * Hong Kong = HK and Macau = MO are listed on their own, Ivory Coast = CI). Not on the list, so no
 * test: for example the USA, Brazil, Mexico, Egypt, Turkey, Iran and the EU countries. Data, not
 * logic: update it when GOV.UK changes the list (check the page, its date is at the top).
 */
export const tbTestSource = 'https://www.gov.uk/tb-test-visa/countries-where-you-need-a-tb-test-to-enter-the-uk';

export const tbTestCountries: ReadonlySet<string> = new Set([
  'AF', 'DZ', 'AO', 'AM', 'AZ', 'BD', 'BY', 'BJ', 'BT', 'BO', 'BW', 'BN', 'BF', 'BI', 'KH', 'CM',
  'CV', 'CF', 'TD', 'CN', 'CG', 'CD', 'CI', 'DJ', 'DO', 'EC', 'GQ', 'ER', 'SZ', 'ET', 'GA', 'GM',
  'GE', 'GH', 'GT', 'GN', 'GW', 'GY', 'HT', 'HK', 'IN', 'ID', 'IQ', 'KZ', 'KE', 'KI', 'KP', 'KR',
  'KG', 'LA', 'LS', 'LR', 'MO', 'MG', 'MW', 'MY', 'ML', 'MH', 'MR', 'FM', 'MD', 'MN', 'MA', 'MZ',
  'MM', 'NA', 'NP', 'NE', 'NG', 'PK', 'PW', 'PA', 'PG', 'PY', 'PE', 'PH', 'RU', 'RW', 'ST', 'SN',
  'SL', 'SB', 'SO', 'ZA', 'SS', 'LK', 'SD', 'SR', 'TJ', 'TZ', 'TH', 'TL', 'TG', 'TM', 'TV', 'UG',
  'UA', 'UZ', 'VU', 'VN', 'ZM', 'ZW',
]);

export const needsTbTest = (residencyCountry: string) => tbTestCountries.has(residencyCountry.toUpperCase());
