import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../components/alert';
import { Button, ButtonLink, buttonClasses } from '../../components/button';
import { ExternalLink } from '../../components/external-link';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import type { BookingView, Slot } from '../../../shared/schemas/booking';
import {
  cancelBooking,
  openBooking,
  rescheduleBooking,
  slotsKey,
  type BookingSecret,
} from './booking-api';
import { useErrorText } from '../../lib/error-text';
import { isSlotGone, statusNames } from './booking-messages';
import { ChosenTime } from './chosen-time';
import { SlotPicker } from './slot-picker';
import { browserTimeZone } from './time-format';
import { TimeZoneSelect } from './time-zone-select';

/** The e-mailed link's booking id and secret, from the fragment (decision 0032: never sent to a server log). */
function secretOfFragment(): BookingSecret | null {
  if (typeof window === 'undefined') return null;
  const params = new URLSearchParams(window.location.hash.slice(1));
  const id = params.get('booking');
  const token = params.get('token');
  return id && token ? { id, token } : null;
}

/** /consultation#booking=…&token=…: the student's booking, to move to another time or cancel. */
export function ConsultationPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const title = intl.formatMessage({
    id: 'booking.manage.title',
    defaultMessage: 'Your consultation',
  });
  usePageTitle(title);
  const [secret] = useState(secretOfFragment);
  const queryClient = useQueryClient();
  const key = ['booking-manage', secret?.id] as const;
  const booking = useQuery({
    queryKey: key,
    queryFn: () => openBooking(secret!),
    enabled: secret !== null,
    retry: false,
    staleTime: Infinity,
  });
  const show = (view: BookingView) => queryClient.setQueryData(key, view);

  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage({ id: 'footer.free', defaultMessage: 'Free consultation' })}
        title={title}
      />
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
        {!secret && (
          <Alert tone="error">
            <FormattedMessage
              id="booking.manage.noLink"
              defaultMessage="This page opens from the link in your booking e-mail. Please open that link again."
            />
          </Alert>
        )}
        {booking.isPending && secret && (
          <Spinner
            label={intl.formatMessage({
              id: 'booking.manage.loading',
              defaultMessage: 'Opening your consultation…',
            })}
          />
        )}
        {booking.isError && <Alert tone="error">{errorText(booking.error)}</Alert>}
        {booking.data && secret && (
          <ManageBooking booking={booking.data} secret={secret} onChange={show} />
        )}
      </div>
    </>
  );
}

type Step = 'view' | 'move' | 'cancel';

function ManageBooking({
  booking,
  secret,
  onChange,
}: {
  booking: BookingView;
  secret: BookingSecret;
  onChange: (view: BookingView) => void;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('view');
  const [timeZone, setTimeZone] = useState(browserTimeZone);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [openedAt] = useState(Date.now);
  const isOpen = booking.status === 'confirmed' && Date.parse(booking.startsAt) > openedAt;

  const done = (text: string) => (view: BookingView) => {
    onChange(view);
    setStep('view');
    setSlot(null);
    setNotice({ tone: 'success', text });
    void queryClient.invalidateQueries({ queryKey: slotsKey(view.consultantId) });
  };
  const failed = (error: unknown) => {
    setNotice({ tone: 'error', text: errorText(error) });
    if (isSlotGone(error)) {
      setSlot(null);
      void queryClient.invalidateQueries({ queryKey: slotsKey(booking.consultantId) });
    }
  };
  const move = useMutation({
    mutationFn: (startsAt: string) => rescheduleBooking(secret, startsAt),
    onSuccess: done(
      intl.formatMessage({
        id: 'booking.manage.moved',
        defaultMessage: 'Your consultation has moved. We e-mailed you the new invitation.',
      }),
    ),
    onError: failed,
  });
  const cancel = useMutation({
    mutationFn: () => cancelBooking(secret),
    onSuccess: done(
      intl.formatMessage({
        id: 'booking.manage.cancelled',
        defaultMessage:
          'Your consultation is cancelled, and its time is free for others. We e-mailed you.',
      }),
    ),
    onError: failed,
  });

  return (
    <div className="space-y-6">
      {notice && (
        <Alert tone={notice.tone}>
          <span data-testid="booking-notice">{notice.text}</span>
        </Alert>
      )}
      <section className="space-y-3 rounded-[var(--radius-card)] border border-slate-200 bg-white p-5">
        <p>
          <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold">
            {intl.formatMessage(
              statusNames[booking.status as keyof typeof statusNames] ?? statusNames.confirmed,
            )}
          </span>
        </p>
        <h2 className="text-xl font-semibold">
          <FormattedMessage
            id="booking.manage.with"
            defaultMessage="Consultation with {consultant}"
            values={{ consultant: booking.consultantName }}
          />
        </h2>
        <ChosenTime startsAt={booking.startsAt} timeZone={timeZone} consultantZone={null} />
        <p className="text-sm text-muted">
          {booking.channel === 'video' ? (
            <FormattedMessage
              id="booking.field.video"
              defaultMessage="Video meeting (a private room)"
            />
          ) : (
            <FormattedMessage id="booking.field.whatsapp" defaultMessage="WhatsApp call" />
          )}
        </p>
        <p className="whitespace-pre-line break-words text-sm">{booking.topic}</p>
        {booking.roomUrl && isOpen && (
          <ExternalLink href={booking.roomUrl} className={buttonClasses('primary', 'md')}>
            <FormattedMessage id="booking.done.room" defaultMessage="Your private video room" />
          </ExternalLink>
        )}
      </section>

      {isOpen && step === 'view' && (
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button variant="secondary" onClick={() => (setNotice(null), setStep('move'))}>
            <FormattedMessage id="booking.manage.move" defaultMessage="Choose another time" />
          </Button>
          <Button variant="danger" onClick={() => (setNotice(null), setStep('cancel'))}>
            <FormattedMessage
              id="booking.manage.cancel"
              defaultMessage="Cancel this consultation"
            />
          </Button>
        </div>
      )}

      {isOpen && step === 'cancel' && (
        <section
          aria-labelledby="cancel-heading"
          className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-4"
        >
          <h2 id="cancel-heading" className="font-semibold text-red-900">
            <FormattedMessage
              id="booking.manage.cancelSure"
              defaultMessage="Cancel your consultation? Its time goes back to others."
            />
          </h2>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button variant="danger" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              <FormattedMessage id="booking.manage.cancelYes" defaultMessage="Yes, cancel it" />
            </Button>
            <Button variant="secondary" onClick={() => setStep('view')}>
              <FormattedMessage id="booking.manage.keep" defaultMessage="Keep it" />
            </Button>
          </div>
        </section>
      )}

      {isOpen && step === 'move' && (
        <section aria-labelledby="move-heading" className="space-y-4">
          <h2 id="move-heading" className="text-xl font-semibold">
            <FormattedMessage id="booking.manage.move" defaultMessage="Choose another time" />
          </h2>
          <div className="max-w-sm">
            <TimeZoneSelect value={timeZone} onChange={setTimeZone} />
          </div>
          <SlotPicker
            consultantId={booking.consultantId}
            timeZone={timeZone}
            consultantNames={new Map([[booking.consultantId, booking.consultantName]])}
            chosen={slot}
            onPick={(next) => setSlot(next)}
          />
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button
              disabled={!slot || move.isPending}
              onClick={() => slot && move.mutate(slot.startsAt)}
            >
              <FormattedMessage id="booking.manage.moveYes" defaultMessage="Move to this time" />
            </Button>
            <Button variant="secondary" onClick={() => setStep('view')}>
              <FormattedMessage id="booking.manage.keep" defaultMessage="Keep it" />
            </Button>
          </div>
        </section>
      )}

      {!isOpen && (
        <ButtonLink to={`/free/book/${booking.consultantId}`} variant="secondary">
          <FormattedMessage id="booking.manage.again" defaultMessage="Book another time" />
        </ButtonLink>
      )}
    </div>
  );
}
