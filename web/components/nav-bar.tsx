import { useEffect, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, useLocation } from '../lib/router';
import { useSession } from '../lib/auth-client';
import { NavLanguageMenu } from './language-menu';
import { NavAccountLinks } from './nav-account-links';

const labels = defineMessages({
  universities: { id: 'nav.universities', defaultMessage: 'Universities' },
  programs: { id: 'nav.programs', defaultMessage: 'Programs' },
  free: { id: 'nav.free', defaultMessage: 'Free Consultation' },
  refer: { id: 'nav.refer', defaultMessage: 'Join Our Network' },
  track: { id: 'nav.track', defaultMessage: 'Track Application' },
  main: { id: 'nav.label', defaultMessage: 'Main' },
});

const links = [
  { to: '/universities', label: labels.universities },
  { to: '/programs', label: labels.programs },
  { to: '/free', label: labels.free },
  { to: '/refer', label: labels.refer },
  { to: '/track', label: labels.track },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-2.5 py-2 text-sm font-medium leading-tight xl:text-center ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'}`;

export function NavBar() {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  const location = useLocation();
  // Signed in, the account links take the room of the name between 1280 and 1536 px; the logo stays.
  const { data: user } = useSession();
  const [openedAt, setOpenedAt] = useState(location.key);
  if (isOpen && openedAt !== location.key) setIsOpen(false);

  useEffect(() => {
    if (!isOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [isOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav
        aria-label={intl.formatMessage(labels.main)}
        className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3"
      >
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2 font-bold leading-tight text-brand-800 xl:shrink-0 xl:whitespace-nowrap"
        >
          <img src="/favicon.svg" alt="" width={32} height={32} className="shrink-0" />
          <span className={`min-w-0 ${user ? 'xl:max-2xl:sr-only' : ''}`}>
            <FormattedMessage id="site.name" defaultMessage="UK Study Portal" />
          </span>
        </Link>
        <div className="hidden min-w-0 items-center gap-0.5 xl:flex">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClass}>
              {intl.formatMessage(link.label)}
            </NavLink>
          ))}
        </div>
        <div className="ms-auto flex shrink-0 items-center gap-1 xl:ms-0">
          <NavLanguageMenu />
          <div className="hidden items-center gap-1 xl:flex">
            <NavAccountLinks />
          </div>
        </div>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 xl:hidden"
          aria-expanded={isOpen}
          aria-controls="mobile-menu"
          onClick={() => {
            setOpenedAt(location.key);
            setIsOpen((open) => !open);
          }}
        >
          <span className="sr-only">
            {isOpen ? (
              <FormattedMessage id="nav.closeMenu" defaultMessage="Close menu" />
            ) : (
              <FormattedMessage id="nav.openMenu" defaultMessage="Open menu" />
            )}
          </span>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
          >
            {isOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </nav>
      {isOpen && (
        <div id="mobile-menu" className="border-t border-slate-200 px-4 pb-4 xl:hidden">
          <div className="flex flex-col gap-1 pt-2">
            {links.map((link) => (
              <NavLink key={link.to} to={link.to} className={linkClass}>
                {intl.formatMessage(link.label)}
              </NavLink>
            ))}
          </div>
          <div className="mt-3 flex flex-col gap-2 border-t border-slate-200 pt-3">
            <NavAccountLinks />
          </div>
        </div>
      )}
    </header>
  );
}
