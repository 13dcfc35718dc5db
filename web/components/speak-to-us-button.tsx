import { useSiteConfig } from '../lib/catalogue';
import { whatsappLink } from '../lib/contact-links';

export function SpeakToUsButton() {
  const { data: site } = useSiteConfig();
  if (!site) return null;
  return (
    <a
      href={whatsappLink(site.whatsappNumber)}
      target="_blank"
      rel="noopener noreferrer"
      className="fixed bottom-4 right-4 z-30 inline-flex items-center gap-2 rounded-full bg-green-700 px-4 py-2.5 text-sm font-semibold text-white sm:px-5 sm:py-3 sm:text-base shadow-lg hover:bg-green-800 max-lg:[body:has([data-bottom-bar])_&]:bottom-36"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
        <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.4.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.1 5.1 0 0 0 1.1 2.7 11.7 11.7 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.8-1.2 2.2 2.2 0 0 0 .1-1.3c0-.1-.2-.2-.4-.3Z" />
      </svg>
      Speak to Us
      <span className="sr-only"> on WhatsApp (opens in a new tab)</span>
    </a>
  );
}
