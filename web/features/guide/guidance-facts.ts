import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { BalanceRole, BalanceWhy, GuidanceFact } from '../../../shared/schemas/guidance';

/**
 * The engine's reasons and warnings (server/modules/guidance/engine.ts) come as codes and values;
 * they are worded here in the reader's language. English is the API's own sentences, word for word.
 */
const facts: Record<GuidanceFact['code'], MessageDescriptor> = defineMessages({
  subject: { id: 'guide.fact.subject', defaultMessage: 'matches {terms}' },
  intake: { id: 'guide.fact.intake', defaultMessage: '{month} intake' },
  deadlinePassed: { id: 'guide.fact.deadlinePassed', defaultMessage: 'deadline {date} has passed' },
  ieltsNotTaken: {
    id: 'guide.fact.ieltsNotTaken',
    defaultMessage: 'IELTS {needed, number, ::.0} needed: you have not taken a test yet',
  },
  ieltsBelow: {
    id: 'guide.fact.ieltsBelow',
    defaultMessage: 'IELTS {needed, number, ::.0} needed, you have {have, number, ::.0}',
  },
  ieltsMeets: {
    id: 'guide.fact.ieltsMeets',
    defaultMessage: 'your IELTS {have, number, ::.0} meets the {needed, number, ::.0} needed',
  },
  degreeBelow: {
    id: 'guide.fact.degreeBelow',
    defaultMessage: 'asks a {asked} degree, you have a {have}',
  },
  degreeMeets: {
    id: 'guide.fact.degreeMeets',
    defaultMessage: 'your {have} meets the {asked} asked',
  },
  alevelBelow: {
    id: 'guide.fact.alevelBelow',
    defaultMessage: 'asks {asked} at A-level, you have {have}',
  },
  alevelMeets: {
    id: 'guide.fact.alevelMeets',
    defaultMessage: 'your {have} meets the {asked} asked',
  },
  overBudget: {
    id: 'guide.fact.overBudget',
    defaultMessage: '{amount, number, gbp} over your budget',
  },
  withinBudget: {
    id: 'guide.fact.withinBudget',
    defaultMessage: 'within your budget ({amount, number, gbp} per year)',
  },
  inRegion: { id: 'guide.fact.inRegion', defaultMessage: 'in {region}, a region you chose' },
  outsideRegion: {
    id: 'guide.fact.outsideRegion',
    defaultMessage: 'in {region}, outside the regions you chose',
  },
  ranked: { id: 'guide.fact.ranked', defaultMessage: 'ranked #{rank}' },
});

const whys: Record<BalanceWhy['code'], MessageDescriptor> = defineMessages({
  stretch: { id: 'guide.why.stretch', defaultMessage: 'ranked #{rank}, a stretch: {warning}' },
  highest: {
    id: 'guide.why.highest',
    defaultMessage: 'ranked #{rank}, the highest of your matches',
  },
  meets: { id: 'guide.why.meets', defaultMessage: 'ranked #{rank}, and you meet what it asks' },
  roomToSpare: {
    id: 'guide.why.roomToSpare',
    defaultMessage: 'ranked #{rank}, and you meet what it asks with room to spare',
  },
});

export const roleLabels = defineMessages<BalanceRole>({
  ambitious: { id: 'guide.role.ambitious', defaultMessage: 'Ambitious' },
  'good match': { id: 'guide.role.goodMatch', defaultMessage: 'Good match' },
  safer: { id: 'guide.role.safer', defaultMessage: 'Safer' },
});

const dateOf = (intl: IntlShape, iso: string) =>
  intl.formatDate(new Date(`${iso}T00:00:00Z`), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

export function factText(intl: IntlShape, fact: GuidanceFact): string {
  switch (fact.code) {
    case 'subject':
      // the student's own words, as they wrote them
      return intl.formatMessage(facts.subject, { terms: fact.terms.join(' ') });
    case 'intake':
      return intl.formatMessage(facts.intake, { month: fact.month });
    case 'deadlinePassed':
      return intl.formatMessage(facts.deadlinePassed, { date: dateOf(intl, fact.date) });
    case 'ieltsNotTaken':
      return intl.formatMessage(facts.ieltsNotTaken, { needed: fact.needed });
    case 'ieltsBelow':
      return intl.formatMessage(facts.ieltsBelow, { needed: fact.needed, have: fact.have });
    case 'ieltsMeets':
      return intl.formatMessage(facts.ieltsMeets, { needed: fact.needed, have: fact.have });
    case 'degreeBelow':
      return intl.formatMessage(facts.degreeBelow, { asked: fact.asked, have: fact.have });
    case 'degreeMeets':
      return intl.formatMessage(facts.degreeMeets, { asked: fact.asked, have: fact.have });
    case 'alevelBelow':
      return intl.formatMessage(facts.alevelBelow, { asked: fact.asked, have: fact.have });
    case 'alevelMeets':
      return intl.formatMessage(facts.alevelMeets, { asked: fact.asked, have: fact.have });
    case 'overBudget':
      return intl.formatMessage(facts.overBudget, { amount: fact.overGbp });
    case 'withinBudget':
      return intl.formatMessage(facts.withinBudget, { amount: fact.tuitionGbp });
    case 'inRegion':
      return intl.formatMessage(facts.inRegion, { region: fact.region });
    case 'outsideRegion':
      return intl.formatMessage(facts.outsideRegion, { region: fact.region });
    case 'ranked':
      return intl.formatMessage(facts.ranked, { rank: fact.rank });
  }
}

export function whyText(intl: IntlShape, why: BalanceWhy): string {
  switch (why.code) {
    case 'stretch':
      return intl.formatMessage(whys.stretch, {
        rank: why.rank,
        warning: factText(intl, why.warning),
      });
    case 'highest':
      return intl.formatMessage(whys.highest, { rank: why.rank });
    case 'meets':
      return intl.formatMessage(whys.meets, { rank: why.rank });
    case 'roomToSpare':
      return intl.formatMessage(whys.roomToSpare, { rank: why.rank });
  }
}
