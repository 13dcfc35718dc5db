import { defineMessages } from 'react-intl';
import { ApiError } from '../../lib/api-client';
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

export const isSlotGone = (error: unknown) =>
  error instanceof ApiError && (error.code === 'SLOT_TAKEN' || error.code === 'SLOT_NOT_AVAILABLE');

export const statusNames = defineMessages<BookingStatus>({
  confirmed: { id: 'booking.status.confirmed', defaultMessage: 'Booked' },
  cancelled: { id: 'booking.status.cancelled', defaultMessage: 'Cancelled' },
  held: { id: 'booking.status.held', defaultMessage: 'Held' },
  no_show: { id: 'booking.status.noShow', defaultMessage: 'Missed' },
});
