import type { ReactNode } from 'react';

/**
 * "Start Meeting" (D19): never a fixed shared room. A plain form posted into a new tab: the server
 * makes a fresh room with an unguessable name, tells the team, and redirects the tab into it. Works
 * before the page's code has run.
 */
export function StartMeetingForm({
  consultantId,
  purpose,
  className,
  formClassName = 'contents',
  children,
  ...rest
}: {
  consultantId?: string;
  purpose: 'consultation' | 'referral' | 'partnership' | 'general';
  className: string;
  formClassName?: string;
  children: ReactNode;
  'aria-describedby'?: string;
}) {
  return (
    <form
      method="post"
      action="/api/meetings"
      target="_blank"
      rel="noopener noreferrer"
      className={formClassName}
    >
      {consultantId && <input type="hidden" name="consultantId" value={consultantId} />}
      <input type="hidden" name="purpose" value={purpose} />
      <button type="submit" className={className} {...rest}>
        {children}
      </button>
    </form>
  );
}
