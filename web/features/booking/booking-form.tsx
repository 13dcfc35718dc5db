import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { SelectField, TextAreaField, TextField } from '../../components/field';
import { apiGet } from '../../lib/api-client';
import { useSession } from '../../lib/auth-client';
import { showServerErrors, useSchemaForm } from '../../lib/schema-form';
import type { ApplicationView } from '../../../shared/schemas/application';
import {
  bookingInput,
  maxTopicLength,
  type BookingView,
  type Slot,
} from '../../../shared/schemas/booking';
import { phoneExample } from '../../../shared/schemas/contact';
import { createBooking } from './booking-api';
import { useErrorText } from '../../lib/error-text';
import { fieldLabels, isSlotGone } from './booking-messages';

/**
 * Name, e-mail, optional phone, topic, video or WhatsApp; checked by the schema the server uses.
 * A signed-in student has name and e-mail filled in and may tie the booking to an application.
 */
export function BookingForm({
  slot,
  timeZone,
  onBooked,
  onSlotGone,
}: {
  slot: Slot;
  timeZone: string;
  onBooked: (booking: BookingView, email: string) => void;
  onSlotGone: (message: string) => void;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const session = useSession();
  const user = session.data ?? null;
  const applications = useQuery({
    queryKey: ['booking-applications', user?.id],
    queryFn: () => apiGet<ApplicationView[]>('/api/me/applications'),
    enabled: user?.role === 'applicant',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm(bookingInput, {
    consultantId: slot.consultantId,
    startsAt: slot.startsAt,
    timeZone,
    name: user?.name ?? '',
    email: user?.email ?? '',
    phone: '',
    topic: '',
    channel: 'video',
    applicationId: null,
  });
  const { register, formState, setValue, getValues, setError } = form;
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    setValue('consultantId', slot.consultantId);
    setValue('startsAt', slot.startsAt);
    setValue('timeZone', timeZone);
  }, [slot, timeZone, setValue]);
  const filled = useRef(false);
  useEffect(() => {
    if (!user || filled.current) return;
    filled.current = true;
    if (!getValues('name')) setValue('name', user.name);
    if (!getValues('email')) setValue('email', user.email);
  }, [user, getValues, setValue]);

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      onBooked(await createBooking(body), body.email);
    } catch (error) {
      if (isSlotGone(error)) return onSlotGone(errorText(error));
      setFailure(errorText(error));
      showServerErrors(setError, error);
    }
  });

  const error = (field: 'name' | 'email' | 'phone' | 'topic' | 'channel') =>
    errors[field]
      ? errorText(errors[field], { field: intl.formatMessage(fieldLabels[field]) })
      : undefined;
  const ownApplications = applications.data ?? [];

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      {failure && (
        <Alert
          tone="error"
          title={intl.formatMessage({
            id: 'booking.form.failed',
            defaultMessage: 'We could not book this time.',
          })}
        >
          {failure}
        </Alert>
      )}
      <TextField
        label={intl.formatMessage(fieldLabels.name)}
        autoComplete="name"
        required
        maxLength={200}
        {...register('name')}
        error={error('name')}
      />
      <TextField
        label={intl.formatMessage(fieldLabels.email)}
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        {...register('email')}
        error={error('email')}
        hint={intl.formatMessage({
          id: 'booking.form.emailHint',
          defaultMessage: 'The invitation and the links to change or cancel go here.',
        })}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{intl.formatMessage(fieldLabels.channel)}</legend>
        {(['video', 'whatsapp'] as const).map((channel) => (
          <label key={channel} className="flex items-center gap-2 text-base">
            <input
              type="radio"
              value={channel}
              className="size-4 accent-brand-700"
              {...register('channel')}
            />
            {intl.formatMessage(fieldLabels[channel])}
          </label>
        ))}
        {error('channel') && <p className="text-sm font-medium text-red-700">{error('channel')}</p>}
      </fieldset>
      <TextField
        label={intl.formatMessage(fieldLabels.phone)}
        type="tel"
        autoComplete="tel"
        maxLength={40}
        {...register('phone')}
        error={error('phone')}
        hint={
          <FormattedMessage
            id="booking.form.phoneHint"
            defaultMessage="With the country code, e.g. {example}. Needed for a WhatsApp call."
            values={{ example: <bdi dir="ltr">{phoneExample}</bdi> }}
          />
        }
      />
      <TextAreaField
        label={intl.formatMessage(fieldLabels.topic)}
        required
        rows={4}
        maxLength={maxTopicLength}
        {...register('topic')}
        error={error('topic')}
      />
      {ownApplications.length > 0 && (
        <SelectField
          label={intl.formatMessage(fieldLabels.application)}
          {...register('applicationId', { setValueAs: (v: string) => (v ? v : null) })}
        >
          <option value="">{intl.formatMessage(fieldLabels.noApplication)}</option>
          {ownApplications.map((a) => (
            <option key={a.id} value={a.id}>
              {a.academicInfo.program.name} · {a.academicInfo.university.name}
            </option>
          ))}
        </SelectField>
      )}
      {user && (
        <p className="text-sm text-muted">
          <FormattedMessage
            id="booking.form.account"
            defaultMessage="Signed in: this consultation joins your account."
          />
        </p>
      )}
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? (
          <FormattedMessage id="booking.form.booking" defaultMessage="Booking…" />
        ) : (
          <FormattedMessage id="booking.form.confirm" defaultMessage="Confirm booking" />
        )}
      </Button>
    </form>
  );
}
