import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button, buttonClasses } from '../../components/button';
import { ExternalLink } from '../../components/external-link';
import { Icon } from '../../components/icons';

export function ThankYouPanel({
  whatsappHref,
  onAnother,
}: {
  whatsappHref?: string;
  onAnother: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="text-center">
      <span className="mx-auto inline-flex size-16 items-center justify-center rounded-full bg-green-100 text-green-800">
        <Icon name="check" className="size-9" />
      </span>
      <h2 ref={headingRef} tabIndex={-1} className="mt-4 text-3xl font-bold tracking-tight">
        <FormattedMessage id="refer.thanks.heading" defaultMessage="Thank You!" />
      </h2>
      <p className="mx-auto mt-3 max-w-md text-muted">
        <FormattedMessage
          id="refer.thanks.body"
          defaultMessage="We will contact you soon. For more details, feel free to reach out to us on WhatsApp."
        />
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {whatsappHref && (
          <ExternalLink
            href={whatsappHref}
            className={buttonClasses('primary', 'lg', 'bg-green-700! hover:bg-green-800!')}
          >
            <Icon name="chat" />
            <FormattedMessage id="refer.thanks.whatsapp" defaultMessage="Chat on WhatsApp" />
          </ExternalLink>
        )}
        <Button variant="secondary" size="lg" onClick={onAnother}>
          <FormattedMessage id="refer.thanks.another" defaultMessage="Submit Another Form" />
        </Button>
      </div>
    </div>
  );
}
