import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../lib/router';
import { useSiteConfig } from '../lib/catalogue';
import { formatUkPhone } from '../lib/contact-links';
import { LanguageMenu } from './language-menu';
import { SocialIcon } from './social-icon';
import { ExternalLink } from './external-link';

const labels = defineMessages({
  universities: { id: 'footer.universities', defaultMessage: 'Choose universities' },
  programs: { id: 'footer.programs', defaultMessage: 'Programs' },
  track: { id: 'footer.track', defaultMessage: 'Track an application' },
  free: { id: 'footer.free', defaultMessage: 'Free consultation' },
  refer: { id: 'footer.refer', defaultMessage: 'Refer a student or partner with us' },
  quickLinks: { id: 'footer.quickLinks', defaultMessage: 'Quick links' },
  social: { id: 'footer.social', defaultMessage: 'Social media' },
});

const quickLinks = [
  { to: '/universities', label: labels.universities },
  { to: '/programs', label: labels.programs },
  { to: '/track', label: labels.track },
  { to: '/free', label: labels.free },
  { to: '/refer', label: labels.refer },
];

export function Footer() {
  const intl = useIntl();
  const { data: site } = useSiteConfig();
  return (
    <footer className="mt-16 bg-brand-900 pb-20 text-slate-100">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <FormattedMessage id="site.name" defaultMessage="UK Study Portal" />
          </p>
          <p className="mt-2 text-sm text-slate-300">
            <FormattedMessage
              id="footer.tagline"
              defaultMessage="Guidance for international students, from choosing a university to accepting an offer."
            />
          </p>
          <LanguageMenu className="mt-4" />
        </div>
        <nav aria-label={intl.formatMessage(labels.quickLinks)}>
          <h2 className="font-semibold text-white">{intl.formatMessage(labels.quickLinks)}</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {quickLinks.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-block py-1 text-slate-200 underline-offset-2 hover:underline"
                >
                  {intl.formatMessage(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">
            <FormattedMessage id="footer.contact" defaultMessage="Contact us" />
          </h2>
          {site && (
            <ul className="mt-2 space-y-1 text-sm">
              <li>
                <FormattedMessage
                  id="footer.phone"
                  defaultMessage="<label>UK phone: </label>{phone}"
                  values={{
                    label: (chunks) => <span className="text-slate-300">{chunks}</span>,
                    phone: (
                      <a
                        href={`tel:${site.phone}`}
                        dir="ltr"
                        className="underline-offset-2 hover:underline"
                      >
                        {formatUkPhone(site.phone)}
                      </a>
                    ),
                  }}
                />
              </li>
              <li>
                <FormattedMessage
                  id="footer.general"
                  defaultMessage="<label>General enquiries: </label>{email}"
                  values={{
                    label: (chunks) => <span className="text-slate-300">{chunks}</span>,
                    email: (
                      <a
                        href={`mailto:${site.emails.general}`}
                        dir="ltr"
                        className="break-words underline-offset-2 hover:underline"
                      >
                        {site.emails.general}
                      </a>
                    ),
                  }}
                />
              </li>
              <li>
                <FormattedMessage
                  id="footer.admissions"
                  defaultMessage="<label>Admissions: </label>{email}"
                  values={{
                    label: (chunks) => <span className="text-slate-300">{chunks}</span>,
                    email: (
                      <a
                        href={`mailto:${site.emails.admissions}`}
                        dir="ltr"
                        className="break-words underline-offset-2 hover:underline"
                      >
                        {site.emails.admissions}
                      </a>
                    ),
                  }}
                />
              </li>
            </ul>
          )}
          {site && site.social.length > 0 && (
            <ul className="mt-4 flex gap-3" aria-label={intl.formatMessage(labels.social)}>
              {site.social.map((item) => (
                <li key={item.network}>
                  <ExternalLink
                    href={item.url}
                    className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
                    newTabHint={
                      <FormattedMessage
                        id="footer.socialLink"
                        defaultMessage="{network} (opens in a new tab)"
                        values={{ network: item.network }}
                      />
                    }
                  >
                    <SocialIcon network={item.network} />
                  </ExternalLink>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <p className="border-t border-white/10 px-4 pt-6 text-center text-xs text-slate-300">
        <FormattedMessage
          id="footer.copyright"
          defaultMessage="© {year} UK Study Portal"
          values={{ year: new Date().getFullYear() }}
        />
      </p>
    </footer>
  );
}
