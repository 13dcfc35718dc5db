import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../components/alert';
import { Button, ButtonLink } from '../../components/button';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../components/page-title';
import { useConsultants } from '../../lib/catalogue';
import { useParams } from '../../lib/router';
import type { BookingView, Slot } from '../../../shared/schemas/booking';
import { slotsKey } from './booking-api';
import { BookedPanel } from './booked-panel';
import { BookingForm } from './booking-form';
import { ChosenTime } from './chosen-time';
import { SlotPicker } from './slot-picker';
import { browserTimeZone } from './time-format';
import { TimeZoneSelect } from './time-zone-select';

/** /free/book/:consultant: pick a free time (of one consultant, or `any`), give details, confirm. */
export function BookPage() {
  const intl = useIntl();
  const { consultant: consultantId = 'any' } = useParams<{ consultant: string }>();
  const consultants = useConsultants();
  const names = useMemo(
    () => new Map((consultants.data ?? []).map((c) => [c.id, c.name])),
    [consultants.data],
  );
  const isAny = consultantId === 'any';
  const name = names.get(consultantId);
  const title = isAny
    ? intl.formatMessage({
        id: 'booking.page.titleAny',
        defaultMessage: 'Book the first free consultant',
      })
    : intl.formatMessage(
        { id: 'booking.page.title', defaultMessage: 'Book a time with {name}' },
        { name: name ?? '…' },
      );
  usePageTitle(title);
  const queryClient = useQueryClient();
  const [timeZone, setTimeZone] = useState(browserTimeZone);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [gone, setGone] = useState<string | null>(null);
  const [booked, setBooked] = useState<{ booking: BookingView; email: string } | null>(null);
  const [consultantZone, setConsultantZone] = useState<string | null>(null);
  const detailsHeading = useRef<HTMLHeadingElement>(null);
  const pickHeading = useRef<HTMLHeadingElement>(null);

  const pick = (next: Slot, zone: string | null) => {
    setSlot(next);
    setConsultantZone(zone);
    setGone(null);
    requestAnimationFrame(() => detailsHeading.current?.focus());
  };
  const slotGone = (message: string) => {
    setSlot(null);
    setGone(message);
    void queryClient.invalidateQueries({ queryKey: slotsKey(consultantId) });
    requestAnimationFrame(() => pickHeading.current?.focus());
  };

  return (
    <>
      <PageHeader
        eyebrow={intl.formatMessage({ id: 'footer.free', defaultMessage: 'Free consultation' })}
        title={title}
      >
        <FormattedMessage
          id="booking.page.intro"
          defaultMessage="Choose a free time, tell us who you are and what you want to talk about, and confirm. The invitation arrives by e-mail."
        />
      </PageHeader>
      <div className="mx-auto max-w-4xl space-y-8 px-4 py-8">
        {!isAny && consultants.data && !name && (
          <Alert tone="error">
            <FormattedMessage
              id="booking.refusal.consultant"
              defaultMessage="This consultant is not taking bookings. Please choose another."
            />
          </Alert>
        )}
        {booked ? (
          <BookedPanel
            booking={booked.booking}
            email={booked.email}
            consultantZone={consultantZone}
          />
        ) : (
          <>
            <section aria-labelledby="pick-heading" className="space-y-4">
              <h2
                id="pick-heading"
                ref={pickHeading}
                tabIndex={-1}
                className="text-xl font-semibold"
              >
                <FormattedMessage id="booking.page.pick" defaultMessage="1. Choose a time" />
              </h2>
              {gone && (
                <Alert tone="error">
                  <span data-testid="slot-gone">{gone}</span>
                </Alert>
              )}
              <div className="max-w-sm">
                <TimeZoneSelect value={timeZone} onChange={setTimeZone} />
              </div>
              <SlotPicker
                consultantId={consultantId}
                timeZone={timeZone}
                consultantNames={names}
                chosen={slot}
                onPick={pick}
              />
            </section>
            {slot && (
              <section
                aria-labelledby="details-heading"
                className="space-y-4 rounded-[var(--radius-card)] border border-slate-200 bg-white p-5"
              >
                <h2
                  id="details-heading"
                  ref={detailsHeading}
                  tabIndex={-1}
                  className="text-xl font-semibold"
                >
                  <FormattedMessage id="booking.page.details" defaultMessage="2. Your details" />
                </h2>
                <div className="flex flex-wrap items-start justify-between gap-3 rounded-lg bg-brand-50 p-3">
                  <div>
                    {isAny && (
                      <p className="text-sm">
                        <FormattedMessage
                          id="booking.slots.with"
                          defaultMessage="with {name}"
                          values={{ name: names.get(slot.consultantId) ?? '' }}
                        />
                      </p>
                    )}
                    <ChosenTime
                      startsAt={slot.startsAt}
                      timeZone={timeZone}
                      consultantZone={consultantZone}
                    />
                  </div>
                  <Button variant="secondary" onClick={() => setSlot(null)}>
                    <FormattedMessage id="booking.page.change" defaultMessage="Change time" />
                  </Button>
                </div>
                <BookingForm
                  slot={slot}
                  timeZone={timeZone}
                  onBooked={(booking, email) => {
                    setBooked({ booking, email });
                    window.scrollTo({ top: 0 });
                  }}
                  onSlotGone={slotGone}
                />
              </section>
            )}
          </>
        )}
        <ButtonLink to="/free" variant="ghost">
          <FormattedMessage id="booking.page.back" defaultMessage="Back to our consultants" />
        </ButtonLink>
      </div>
    </>
  );
}
