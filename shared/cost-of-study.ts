import { formatGbp as gbp } from './program-display.ts';
import type { CostOfStudy } from './schemas/catalogue.ts';

export interface CostFigure {
  kind: string;
  amountGbp: number;
  effectiveFrom: string;
  source: string;
  sourceUrl: string;
}

/** The figure of a kind in force on `today` (ISO date): the latest that took effect by then. */
export function figureOn(
  figures: readonly CostFigure[],
  kind: string,
  today: string,
): CostFigure | undefined {
  return figures
    .filter((f) => f.kind === kind && f.effectiveFrom <= today)
    .sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))[0];
}

/**
 * A Student visa runs for the course plus 4 months for a course of 12 months or more (2 months
 * for 6 to 12 months, 7 days below that: counted here as none).
 */
export function visaMonths(courseMonths: number): number {
  if (courseMonths >= 12) return courseMonths + 4;
  if (courseMonths >= 6) return courseMonths + 2;
  return courseMonths;
}

/** The surcharge is per year of the visa; a part year of 6 months or less is charged as half a year. */
export function healthSurcharge(perYear: number, months: number): number {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return years * perYear + (rest === 0 ? 0 : rest <= 6 ? perYear / 2 : perYear);
}

/**
 * The first year a student plans for and shows for the visa: a year's tuition, living costs at
 * UKVI's monthly funds requirement for up to nine months (London or outside), the visa fee and the
 * health surcharge for the visa's length. Each line carries its figure's date and source.
 */
export function costOfStudy(
  input: { tuitionGbp: number; feeYear: string; durationMonths: number; inLondon: boolean },
  figures: readonly CostFigure[],
  today: string,
): CostOfStudy {
  const lines: CostOfStudy['lines'] = [
    {
      label: 'Tuition',
      fact: { kind: 'tuition', feeYear: input.feeYear },
      amountGbp: input.tuitionGbp,
      detail: `first year, fees for ${input.feeYear}`,
      effectiveFrom: null,
      source: 'The catalogue',
      sourceUrl: '',
    },
  ];
  const funds = figureOn(
    figures,
    input.inLondon ? 'living-funds-london' : 'living-funds-outside-london',
    today,
  );
  if (funds) {
    const months = Math.min(9, input.durationMonths);
    lines.push({
      label: 'Living costs',
      fact: { kind: 'living', months, monthlyGbp: funds.amountGbp, inLondon: input.inLondon },
      amountGbp: funds.amountGbp * months,
      detail: `${months} months at ${gbp(funds.amountGbp)} a month ${input.inLondon ? 'in London' : 'outside London'}`,
      effectiveFrom: funds.effectiveFrom,
      source: funds.source,
      sourceUrl: funds.sourceUrl,
    });
  }
  const visa = figureOn(figures, 'visa-fee', today);
  if (visa) {
    lines.push({
      label: 'Student visa fee',
      fact: { kind: 'visa' },
      amountGbp: visa.amountGbp,
      detail: 'applying from outside the UK',
      effectiveFrom: visa.effectiveFrom,
      source: visa.source,
      sourceUrl: visa.sourceUrl,
    });
  }
  const ihs = figureOn(figures, 'health-surcharge-per-year', today);
  if (ihs) {
    const months = visaMonths(input.durationMonths);
    lines.push({
      label: 'Immigration Health Surcharge',
      fact: { kind: 'healthSurcharge', months, perYearGbp: ihs.amountGbp },
      amountGbp: healthSurcharge(ihs.amountGbp, months),
      detail: `${months} months of visa at ${gbp(ihs.amountGbp)} a year`,
      effectiveFrom: ihs.effectiveFrom,
      source: ihs.source,
      sourceUrl: ihs.sourceUrl,
    });
  }
  return { totalGbp: lines.reduce((sum, l) => sum + l.amountGbp, 0), lines };
}
