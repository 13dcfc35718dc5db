import { Link } from 'react-router';
import { useSiteConfig } from '../lib/catalogue';
import { formatUkPhone } from '../lib/contact-links';
import { SocialIcon } from './social-icon';

const quickLinks = [
  { to: '/universities', label: 'Choose universities' },
  { to: '/programs', label: 'Programs' },
  { to: '/track', label: 'Track an application' },
  { to: '/free', label: 'Free consultation' },
  { to: '/refer', label: 'Refer a student or partner with us' },
];

export function Footer() {
  const { data: site } = useSiteConfig();
  return (
    <footer className="mt-16 bg-brand-900 pb-20 text-slate-100 max-lg:[body:has([data-bottom-bar])_&]:pb-48">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            UK Study Portal
          </p>
          <p className="mt-2 text-sm text-slate-300">
            Guidance for international students, from choosing a university to accepting an offer.
          </p>
        </div>
        <nav aria-label="Quick links">
          <h2 className="font-semibold text-white">Quick links</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {quickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-slate-200 underline-offset-2 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">Contact us</h2>
          {site && (
            <ul className="mt-2 space-y-1 text-sm">
              <li>
                <span className="text-slate-300">UK phone: </span>
                <a href={`tel:${site.phone}`} className="underline-offset-2 hover:underline">
                  {formatUkPhone(site.phone)}
                </a>
              </li>
              <li>
                <span className="text-slate-300">General enquiries: </span>
                <a href={`mailto:${site.emails.general}`} className="break-words underline-offset-2 hover:underline">
                  {site.emails.general}
                </a>
              </li>
              <li>
                <span className="text-slate-300">Admissions: </span>
                <a href={`mailto:${site.emails.admissions}`} className="break-words underline-offset-2 hover:underline">
                  {site.emails.admissions}
                </a>
              </li>
            </ul>
          )}
          {site && site.social.length > 0 && (
            <ul className="mt-4 flex gap-3" aria-label="Social media">
              {site.social.map((item) => (
                <li key={item.network}>
                  <a
                    href={item.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex size-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
                  >
                    <SocialIcon network={item.network} />
                    <span className="sr-only">{item.network} (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <p className="border-t border-white/10 px-4 pt-6 text-center text-xs text-slate-300">
        © {new Date().getFullYear()} UK Study Portal
      </p>
    </footer>
  );
}
