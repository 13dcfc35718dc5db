import { useCallback } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import type { CostFact } from '../../shared/schemas/catalogue';

/*
 * A cost line's name and detail in the reader's language, from its fact (the API's `label` and
 * `detail` are the English). Shown on /programs, /compare and the after-offer steps on /track, so
 * the `cost.` messages are in the core area.
 */
const m: Record<
  | 'tuition'
  | 'tuitionDetail'
  | 'living'
  | 'livingDetail'
  | 'visa'
  | 'visaDetail'
  | 'healthSurcharge'
  | 'healthSurchargeDetail',
  MessageDescriptor
> = defineMessages({
  tuition: { id: 'cost.line.tuition', defaultMessage: 'Tuition' },
  tuitionDetail: {
    id: 'cost.line.tuitionDetail',
    defaultMessage: 'first year, fees for {feeYear}',
  },
  living: { id: 'cost.line.living', defaultMessage: 'Living costs' },
  livingDetail: {
    id: 'cost.line.livingDetail',
    defaultMessage:
      '{months, plural, one {# month} other {# months}} at {monthly} a month {inLondon, select, yes {in London} other {outside London}}',
  },
  visa: { id: 'cost.line.visa', defaultMessage: 'Student visa fee' },
  visaDetail: { id: 'cost.line.visaDetail', defaultMessage: 'applying from outside the UK' },
  healthSurcharge: {
    id: 'cost.line.healthSurcharge',
    defaultMessage: 'Immigration Health Surcharge',
  },
  healthSurchargeDetail: {
    id: 'cost.line.healthSurchargeDetail',
    defaultMessage: '{months, plural, one {# month} other {# months}} of visa at {perYear} a year',
  },
});

export function useCostLineText(): (fact: CostFact) => { label: string; detail: string } {
  const intl = useIntl();
  return useCallback(
    (fact) => {
      const gbp = (n: number) => intl.formatNumber(n, { format: 'gbp' });
      switch (fact.kind) {
        case 'tuition':
          return {
            label: intl.formatMessage(m.tuition),
            detail: intl.formatMessage(m.tuitionDetail, { feeYear: fact.feeYear }),
          };
        case 'living':
          return {
            label: intl.formatMessage(m.living),
            detail: intl.formatMessage(m.livingDetail, {
              months: fact.months,
              monthly: gbp(fact.monthlyGbp),
              inLondon: fact.inLondon ? 'yes' : 'no',
            }),
          };
        case 'visa':
          return { label: intl.formatMessage(m.visa), detail: intl.formatMessage(m.visaDetail) };
        case 'healthSurcharge':
          return {
            label: intl.formatMessage(m.healthSurcharge),
            detail: intl.formatMessage(m.healthSurchargeDetail, {
              months: fact.months,
              perYear: gbp(fact.perYearGbp),
            }),
          };
      }
    },
    [intl],
  );
}
