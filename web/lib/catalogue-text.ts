import { useMemo } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { months } from '../../shared/catalogue-values';
import { cityNameIn } from '../../shared/place-names';

/**
 * The catalogue's fixed vocabulary in the reader's language: study levels and modes, UK regions,
 * intake months (Intl's month names), a program's length and its fee per year, the cities (their
 * usual exonyms, shared/place-names.ts) and the subject categories the catalogue starts with. The
 * names universities and programs publish stay as they are; a value these lists do not know (a
 * category the team adds later) is shown as it came.
 */
const levels = defineMessages({
  Bachelors: { id: 'catalogue.level.bachelors', defaultMessage: 'Bachelors' },
  Masters: { id: 'catalogue.level.masters', defaultMessage: 'Masters' },
});

const regions = defineMessages({
  London: { id: 'catalogue.region.london', defaultMessage: 'London' },
  'South East': { id: 'catalogue.region.southEast', defaultMessage: 'South East' },
  'South West': { id: 'catalogue.region.southWest', defaultMessage: 'South West' },
  'East of England': { id: 'catalogue.region.eastOfEngland', defaultMessage: 'East of England' },
  'East Midlands': { id: 'catalogue.region.eastMidlands', defaultMessage: 'East Midlands' },
  'West Midlands': { id: 'catalogue.region.westMidlands', defaultMessage: 'West Midlands' },
  'Yorkshire and the Humber': {
    id: 'catalogue.region.yorkshire',
    defaultMessage: 'Yorkshire and the Humber',
  },
  'North West': { id: 'catalogue.region.northWest', defaultMessage: 'North West' },
  'North East': { id: 'catalogue.region.northEast', defaultMessage: 'North East' },
  Wales: { id: 'catalogue.region.wales', defaultMessage: 'Wales' },
  Scotland: { id: 'catalogue.region.scotland', defaultMessage: 'Scotland' },
  'Northern Ireland': {
    id: 'catalogue.region.northernIreland',
    defaultMessage: 'Northern Ireland',
  },
});

const categories = defineMessages({
  Engineering: { id: 'catalogue.category.engineering', defaultMessage: 'Engineering' },
  Business: { id: 'catalogue.category.business', defaultMessage: 'Business' },
  IT: { id: 'catalogue.category.it', defaultMessage: 'IT' },
  Cybersecurity: { id: 'catalogue.category.cybersecurity', defaultMessage: 'Cybersecurity' },
  Tourism: { id: 'catalogue.category.tourism', defaultMessage: 'Tourism' },
});

const m: Record<'fullTime' | 'partTime' | 'years' | 'months' | 'perYear', MessageDescriptor> =
  defineMessages({
    fullTime: { id: 'catalogue.mode.fullTime', defaultMessage: 'Full-time' },
    partTime: { id: 'catalogue.mode.partTime', defaultMessage: 'Part-time' },
    years: {
      id: 'catalogue.duration.years',
      defaultMessage:
        '{years, plural, one {# year} other {# years}} {mode, select, part {part-time} other {full-time}}',
    },
    months: {
      id: 'catalogue.duration.months',
      defaultMessage:
        '{months, plural, one {# month} other {# months}} {mode, select, part {part-time} other {full-time}}',
    },
    perYear: {
      id: 'catalogue.tuitionPerYear',
      defaultMessage: '{amount, number, gbp} per year',
    },
  });

const lookup = <K extends string>(table: Record<K, unknown>, value: string): value is K =>
  Object.hasOwn(table, value);

export type CatalogueText = ReturnType<typeof useCatalogueText>;

export function useCatalogueText() {
  const intl = useIntl();
  return useMemo(() => {
    const month = (value: string) => {
      const index = (months as readonly string[]).indexOf(value);
      return index === -1
        ? value
        : intl.formatDate(Date.UTC(2001, index, 1), { month: 'long', timeZone: 'UTC' });
    };
    return {
      level: (value: string) => (lookup(levels, value) ? intl.formatMessage(levels[value]) : value),
      category: (value: string) =>
        lookup(categories, value) ? intl.formatMessage(categories[value]) : value,
      city: (value: string) => cityNameIn(value, intl.locale === 'en-GB' ? 'en' : intl.locale),
      region: (value: string) =>
        lookup(regions, value) ? intl.formatMessage(regions[value]) : value,
      studyMode: (value: string) =>
        value === 'Full-time'
          ? intl.formatMessage(m.fullTime)
          : value === 'Part-time'
            ? intl.formatMessage(m.partTime)
            : value,
      month,
      /** "September and January" in the reader's words. */
      monthList: (values: readonly string[]) =>
        intl.formatList(values.map(month), { type: 'conjunction' }),
      /** 12, Full-time -> "1 year full-time"; 18 -> "18 months full-time" (the server's English display). */
      duration: (durationMonths: number, studyMode: string) => {
        const mode = studyMode === 'Part-time' ? 'part' : 'full';
        return durationMonths % 12 === 0
          ? intl.formatMessage(m.years, { years: durationMonths / 12, mode })
          : intl.formatMessage(m.months, { months: durationMonths, mode });
      },
      /** 38500 -> "£38,500 per year". */
      tuitionPerYear: (gbp: number) => intl.formatMessage(m.perYear, { amount: gbp }),
    };
  }, [intl]);
}
