import { ExternalLink } from '../../components/external-link';
import { Icon } from '../../components/icons';

/** Floats above the site-wide 'Speak to Us' button on this page. */
export function MeetNowButton({ href }: { href: string }) {
  return (
    <ExternalLink
      href={href}
      newTabHint="in a video meeting (opens in a new tab)"
      className="fixed bottom-16 right-4 z-30 inline-flex items-center gap-2 rounded-full bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white sm:bottom-20 sm:px-5 sm:py-3 sm:text-base shadow-lg hover:bg-brand-800"
    >
      <Icon name="video" />
      Meet Now
    </ExternalLink>
  );
}
