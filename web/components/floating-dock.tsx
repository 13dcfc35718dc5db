import { FormattedMessage } from 'react-intl';
import { useLocation } from '../lib/router';
import { useSiteConfig } from '../lib/catalogue';
import { whatsappLink } from '../lib/contact-links';
import { StartMeetingForm } from './start-meeting-form';
import { Icon } from './icons';

/**
 * Hidden at once while anything on the page is being typed in or chosen, so it never sits over a
 * field; back only 400 ms after, so the tap that left the field (often on the button below it)
 * lands where the person aimed.
 */
const tuckedWhileTyping =
  'transition-[visibility] duration-0 delay-400 [body:has(:is(input,textarea,select):focus)_&]:invisible [body:has(:is(input,textarea,select):focus)_&]:delay-0';

const pill =
  'inline-flex min-h-11 items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold text-white shadow-lg sm:px-5 sm:text-base';

function WhatsAppIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.4.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.1 5.1 0 0 0 1.1 2.7 11.7 11.7 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.8-1.2 2.2 2.2 0 0 0 .1-1.3c0-.1-.2-.2-.4-.3Z" />
    </svg>
  );
}

/**
 * 'Speak to Us' (and 'Meet Now' on /refer): the spec's floating buttons, pills in the corner of
 * the window, on every screen (issue 26: no bar with a caption across the page). Where a page has a
 * bar of its own along the bottom of a phone (data-bottom-bar), the bar carries Speak to Us
 * (SpeakToUsIcon) and these step aside: one fixed bar at a time. They also step aside while the
 * person types.
 */
export function FloatingDock() {
  const { data: site } = useSiteConfig();
  const isRefer = useLocation().pathname === '/refer';
  if (!site) return null;
  return (
    <div
      data-floating-dock
      className={`fixed bottom-3 end-3 z-30 flex items-center gap-2 sm:bottom-4 sm:end-4 max-lg:[body:has([data-bottom-bar])_&]:hidden ${tuckedWhileTyping}`}
    >
      {isRefer && (
        <StartMeetingForm purpose="general" className={`${pill} bg-brand-700 hover:bg-brand-800`}>
          <Icon name="video" />
          <FormattedMessage
            id="dock.meetNow"
            defaultMessage="Meet Now<sr> in a video meeting (opens in a new tab)</sr>"
            values={{ sr: (chunks) => <span className="sr-only">{chunks}</span> }}
          />
        </StartMeetingForm>
      )}
      <a
        href={whatsappLink(site.whatsappNumber)}
        target="_blank"
        rel="noopener noreferrer"
        className={`${pill} bg-green-700 hover:bg-green-800`}
      >
        <WhatsAppIcon />
        <FormattedMessage
          id="dock.speak"
          defaultMessage="Speak to Us<sr> on WhatsApp (opens in a new tab)</sr>"
          values={{ sr: (chunks) => <span className="sr-only">{chunks}</span> }}
        />
      </a>
    </div>
  );
}

/** Speak to Us as a round button, for a page's own bar along the bottom of a phone. */
export function SpeakToUsIcon({ label, className = '' }: { label: string; className?: string }) {
  const { data: site } = useSiteConfig();
  if (!site) return null;
  return (
    <a
      href={whatsappLink(site.whatsappNumber)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      title={label}
      className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-green-700 text-white shadow-md hover:bg-green-800 ${className}`}
    >
      <WhatsAppIcon />
    </a>
  );
}
