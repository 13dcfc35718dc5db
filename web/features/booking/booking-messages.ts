import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import { ApiError } from '../../lib/api-client';
import { localeInfo } from '../../../shared/locales';
import { phoneExample } from '../../../shared/schemas/contact';
import type { BookingStatus } from '../../../shared/schemas/booking';

export const fieldLabels = defineMessages({
  name: { id: 'booking.field.name', defaultMessage: 'Your name' },
  email: { id: 'booking.field.email', defaultMessage: 'E-mail' },
  phone: { id: 'booking.field.phone', defaultMessage: 'Phone (optional for video)' },
  topic: { id: 'booking.field.topic', defaultMessage: 'What you want to talk about' },
  channel: { id: 'booking.field.channel', defaultMessage: 'How to meet' },
  video: { id: 'booking.field.video', defaultMessage: 'Video meeting (a private room)' },
  whatsapp: { id: 'booking.field.whatsapp', defaultMessage: 'WhatsApp call' },
  application: { id: 'booking.field.application', defaultMessage: 'About my application' },
  noApplication: { id: 'booking.field.noApplication', defaultMessage: 'None in particular' },
});

const fieldProblems: Record<
  'required' | 'tooLong' | 'email' | 'phone' | 'channel' | 'whatsappPhone' | 'invalid',
  MessageDescriptor
> = defineMessages({
  required: { id: 'booking.error.required', defaultMessage: '{field} is required' },
  tooLong: {
    id: 'booking.error.tooLong',
    defaultMessage: '{field} must be at most {max, number} characters',
  },
  email: {
    id: 'booking.error.email',
    defaultMessage: 'Enter a valid e-mail address, e.g. {example}',
  },
  phone: {
    id: 'booking.error.phone',
    defaultMessage: 'Enter a valid phone number with its country code, e.g. {example}',
  },
  channel: { id: 'booking.error.channel', defaultMessage: 'Choose video or WhatsApp' },
  whatsappPhone: {
    id: 'booking.error.whatsappPhone',
    defaultMessage: 'Give a WhatsApp number for the call',
  },
  invalid: { id: 'booking.error.invalid', defaultMessage: 'Check this field' },
});

type Field = 'name' | 'email' | 'phone' | 'topic' | 'channel';

/**
 * The shared schema's English messages (and the server's field errors, the same words) in the
 * reader's language, told apart by field and by what the message says.
 */
export function fieldError(
  intl: IntlShape,
  field: Field,
  message: string | undefined,
): string | undefined {
  if (!message) return undefined;
  const isRtl = Object.values(localeInfo).some(
    (info) => info.tag === intl.locale && info.dir === 'rtl',
  );
  const ltr = (text: string) => (isRtl ? `\u2066${text}\u2069` : text);
  const label = intl.formatMessage(fieldLabels[field]);
  if (field === 'channel') return intl.formatMessage(fieldProblems.channel);
  if (message.startsWith('Give a WhatsApp number'))
    return intl.formatMessage(fieldProblems.whatsappPhone);
  if (/is required|must be text/.test(message))
    return intl.formatMessage(fieldProblems.required, {
      field: field === 'phone' ? intl.formatMessage(fieldLabels.whatsapp) : label,
    });
  const max = /at most (\d+)/.exec(message);
  if (max) return intl.formatMessage(fieldProblems.tooLong, { field: label, max: Number(max[1]) });
  if (field === 'email')
    return intl.formatMessage(fieldProblems.email, { example: ltr('name@example.com') });
  if (field === 'phone')
    return intl.formatMessage(fieldProblems.phone, { example: ltr(phoneExample) });
  return intl.formatMessage(fieldProblems.invalid);
}

const refusals = defineMessages({
  SLOT_TAKEN: {
    id: 'booking.refusal.slotTaken',
    defaultMessage: 'This time was just taken by someone else. Please choose another time.',
  },
  SLOT_NOT_AVAILABLE: {
    id: 'booking.refusal.slotNotAvailable',
    defaultMessage: 'This time is no longer free. Please choose one of the times shown.',
  },
  TOO_MANY_BOOKINGS: {
    id: 'booking.refusal.tooMany',
    defaultMessage:
      'You already have two consultations booked. Cancel one (the link is in its e-mail) to book another.',
  },
  TOO_MANY_REQUESTS: {
    id: 'booking.refusal.tooManyRequests',
    defaultMessage: 'Too many attempts from here. Please wait a few minutes and try again.',
  },
  CONSULTANT_NOT_FOUND: {
    id: 'booking.refusal.consultant',
    defaultMessage: 'This consultant is not taking bookings. Please choose another.',
  },
  BOOKING_NOT_FOUND: {
    id: 'booking.refusal.notFound',
    defaultMessage:
      'This link does not open a consultation. Please open it again from your e-mail, whole.',
  },
  BOOKING_CLOSED: {
    id: 'booking.refusal.closed',
    defaultMessage: 'This consultation is cancelled or over and cannot be changed.',
  },
  APPLICATION_NOT_FOUND: {
    id: 'booking.refusal.application',
    defaultMessage: 'That application is not one of yours.',
  },
  VALIDATION_FAILED: {
    id: 'booking.refusal.fields',
    defaultMessage: 'Please check the fields marked below.',
  },
  NETWORK_ERROR: {
    id: 'booking.refusal.network',
    defaultMessage: 'We could not reach the server. Check your connection and try again.',
  },
  other: {
    id: 'booking.refusal.other',
    defaultMessage: 'Something went wrong. Please try again later.',
  },
});

/** A refusal's code in the reader's words (D17: never the server's English). */
export function refusalText(intl: IntlShape, error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'other';
  const known = code in refusals ? refusals[code as keyof typeof refusals] : refusals.other;
  return intl.formatMessage(
    error instanceof ApiError && error.status === 429 ? refusals.TOO_MANY_REQUESTS : known,
  );
}

export const isSlotGone = (error: unknown) =>
  error instanceof ApiError && (error.code === 'SLOT_TAKEN' || error.code === 'SLOT_NOT_AVAILABLE');

export const statusNames = defineMessages<BookingStatus>({
  confirmed: { id: 'booking.status.confirmed', defaultMessage: 'Booked' },
  cancelled: { id: 'booking.status.cancelled', defaultMessage: 'Cancelled' },
  held: { id: 'booking.status.held', defaultMessage: 'Held' },
  no_show: { id: 'booking.status.noShow', defaultMessage: 'Missed' },
});
