import { FormattedMessage } from 'react-intl';
import { ExternalLink } from '../../components/external-link';
import { Icon, type IconName } from '../../components/icons';
import { useSiteConfig } from '../../lib/catalogue';
import { useLocale } from '../../i18n/locale-context';
import type { LatestUpdate } from '../../../shared/schemas/site';

const icons: Record<LatestUpdate['key'], IconName> = {
  visa: 'globe',
  accommodation: 'school',
  scholarships: 'sparkle',
};

const hostOf = (url: string) => new URL(url).hostname.replace(/^www\./, '');

export function LatestUpdates() {
  const { data: site } = useSiteConfig();
  // the team writes each update in all six languages (config/site.json, checked at start)
  const { locale } = useLocale();
  return (
    <section aria-labelledby="latest-updates" className="border-y border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-16">
        <h2 id="latest-updates" className="text-2xl font-bold tracking-tight sm:text-3xl">
          <FormattedMessage id="home.updates.heading" defaultMessage="Latest Updates" />
        </h2>
        <p className="mt-2 max-w-2xl text-muted">
          <FormattedMessage
            id="home.updates.intro"
            defaultMessage="Trusted guides for the things students ask us about most."
          />
        </p>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {(site?.latestUpdates ?? []).map((update) => (
            <li
              key={update.key}
              className="relative flex flex-col rounded-[var(--radius-card)] border border-slate-200 bg-surface p-5 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md"
            >
              <span className="inline-flex size-10 items-center justify-center rounded-xl bg-accent-400/20 text-brand-800">
                <Icon name={icons[update.key]} className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">
                <ExternalLink
                  href={update.url}
                  className="after:absolute after:inset-0 after:rounded-[var(--radius-card)] hover:underline"
                >
                  {update.title[locale]}
                </ExternalLink>
              </h3>
              <p className="mt-1 flex-1 text-sm text-muted">{update.summary[locale]}</p>
              <p
                className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700"
                aria-hidden="true"
              >
                <FormattedMessage
                  id="home.updates.readOn"
                  defaultMessage="Read on {host}"
                  values={{ host: <bdi dir="ltr">{hostOf(update.url)}</bdi> }}
                />
                <Icon name="external" className="size-4" />
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
