/**
 * Countries whose residents need a tuberculosis test for a UK visa of more than 6 months, from
 * GOV.UK "Tuberculosis tests for visa applicants" (Appendix T of the Immigration Rules), as
 * published in 2025. Data, not logic: update it when GOV.UK changes the list.
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
