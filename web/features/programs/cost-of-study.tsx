import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import type { CostOfStudy as Cost } from '../../../shared/schemas/catalogue';
import { ExternalLink } from '../../components/external-link';
import { useCostLineText } from '../../lib/cost-line-text';

const hostOf = (url: string) => new URL(url).hostname.replace(/^www\./, '');

/** The first year to plan for and show for the visa, each figure with its date and source. */
const gbp = (amount: number) => <FormattedNumber value={amount} format="gbp" />;

export function CostOfStudy({ cost, city }: { cost: Cost; city: string }) {
  const intl = useIntl();
  const costLineText = useCostLineText();
  const isEnglish = intl.locale === 'en-GB';
  const formatDate = (iso: string) =>
    intl.formatDate(new Date(`${iso}T00:00:00Z`), {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
  return (
    <div className="mt-5 rounded-xl bg-slate-50 p-4">
      <h4 className="font-semibold text-ink">
        <FormattedMessage
          id="cost.heading"
          defaultMessage="First-year cost of study in {city}"
          values={{ city: <bdi>{city}</bdi> }}
        />
      </h4>
      <table className="mt-2 w-full text-sm">
        <caption className="sr-only">
          <FormattedMessage id="cost.caption" defaultMessage="First-year cost of study" />
        </caption>
        <tbody>
          {cost.lines.map((line) => {
            const text = costLineText(line.fact);
            return (
              <tr key={line.fact.kind} className="border-b border-slate-200 align-top">
                <th scope="row" className="py-1.5 pe-3 text-start font-medium text-ink">
                  {text.label}
                  <span className="block text-xs font-normal text-muted">
                    {text.detail}
                    {line.effectiveFrom && (
                      <>
                        {' · '}
                        <FormattedMessage
                          id="cost.from"
                          defaultMessage="from {date}"
                          values={{ date: formatDate(line.effectiveFrom) }}
                        />
                      </>
                    )}
                    {line.source !== 'The catalogue' && (
                      <>
                        {' · '}
                        {isEnglish || line.sourceUrl ? (
                          // the team notes each source in English: other languages name the site
                          // it links to instead (issue 26 §3)
                          <FormattedMessage
                            id="cost.source"
                            defaultMessage="source: {source}"
                            values={{
                              source: line.sourceUrl ? (
                                <ExternalLink href={line.sourceUrl} className="underline">
                                  {isEnglish ? (
                                    <bdi>{line.source}</bdi>
                                  ) : (
                                    <bdi dir="ltr">{hostOf(line.sourceUrl)}</bdi>
                                  )}
                                </ExternalLink>
                              ) : (
                                <bdi>{line.source}</bdi>
                              ),
                            }}
                          />
                        ) : (
                          <FormattedMessage
                            id="cost.source.unconfirmed"
                            defaultMessage="reported by others, not yet confirmed by an official source"
                          />
                        )}
                      </>
                    )}
                  </span>
                </th>
                <td className="py-1.5 text-end font-semibold tabular-nums sm:whitespace-nowrap">
                  {gbp(line.amountGbp)}
                </td>
              </tr>
            );
          })}
          <tr>
            <th scope="row" className="pt-2 text-start font-semibold text-ink">
              <FormattedMessage id="cost.total" defaultMessage="First year in all" />
            </th>
            <td className="pt-2 text-end font-semibold tabular-nums sm:whitespace-nowrap">
              {gbp(cost.totalGbp)}
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
