import { createEvent, type EventAttributes } from 'ics';
import type { MailAttachment } from '../../lib/mailer/types.ts';

export interface Invitation {
  uid: string;
  start: Date;
  end: Date;
  title: string;
  description: string;
  roomUrl: string | null;
  /** Grows with each change, so a calendar replaces the event it holds. */
  sequence: number;
  cancelled: boolean;
  organizer: string;
}

/** An .ics invitation with every time in UTC (STACK.md: a zone given to a writer can shift it). */
export function invitationFile(i: Invitation): MailAttachment {
  const event: EventAttributes = {
    uid: i.uid,
    start: i.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: i.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: i.title,
    description: i.description,
    sequence: i.sequence,
    method: i.cancelled ? 'CANCEL' : 'REQUEST',
    status: i.cancelled ? 'CANCELLED' : 'CONFIRMED',
    productId: 'uk-study-portal/bookings',
    organizer: { name: 'UK Study Portal', email: i.organizer },
    ...(i.roomUrl ? { url: i.roomUrl, location: i.roomUrl } : {}),
  };
  const { error, value } = createEvent(event);
  if (error || !value) throw error ?? new Error('The invitation could not be written');
  return {
    filename: 'consultation.ics',
    contentType: `text/calendar; charset=utf-8; method=${i.cancelled ? 'CANCEL' : 'REQUEST'}`,
    content: value,
  };
}
