import { useState } from 'react';
import { useFieldArray, type UseFormRegister } from 'react-hook-form';
import {
  availabilityForm,
  type AvailabilityEntry,
  type AvailabilityFormValues,
} from '../../../shared/schemas/booking';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/field';
import { usePageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { useSchemaForm } from '../../lib/schema-form';
import { useAvailability, useLinkAccount, useSaveAvailability } from './bookings-api';
import { ErrorText } from '../../components/error-text';

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const zones = () => {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC', 'Europe/London'])].sort();
};

/** /staff/availability: consultants edit their own hours; admins anyone's, and link accounts. */
export function AvailabilityPage({ isAdmin }: { isAdmin: boolean }) {
  usePageTitle('Availability · Staff console');
  const page = useAvailability();
  const [chosen, setChosen] = useState('');
  const entries = page.data?.entries ?? [];
  const entry = entries.find((e) => e.consultantId === chosen) ?? entries[0];
  return (
    <div className="mx-auto max-w-5xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-ink">Availability</h1>
      {page.isPending && <Spinner label="Loading availability…" />}
      {page.isError && (
        <Alert tone="error">
          <ErrorText error={page.error} />
        </Alert>
      )}
      {page.data && entries.length === 0 && (
        <Alert tone="warning" title="Your account is not linked to a consultant">
          Ask an admin to link it here; then you set the hours students can book.
        </Alert>
      )}
      {entries.length > 1 && (
        <div className="w-72">
          <SelectField
            label="Consultant"
            value={entry?.consultantId ?? ''}
            onChange={(e) => setChosen(e.target.value)}
          >
            {entries.map((e) => (
              <option key={e.consultantId} value={e.consultantId}>
                {e.name}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      {entry && isAdmin && page.data && <AccountLink entry={entry} staff={page.data.staff} />}
      {entry && <AvailabilityForm key={`${entry.consultantId}-${entry.version}`} entry={entry} />}
    </div>
  );
}

function AccountLink({
  entry,
  staff,
}: {
  entry: AvailabilityEntry;
  staff: { id: string; name: string; email: string }[];
}) {
  const link = useLinkAccount(entry.consultantId);
  return (
    <div className="max-w-md rounded-xl border border-slate-200 bg-white p-4">
      <SelectField
        label={`Staff account of ${entry.name}`}
        hint="They see this consultant's agenda and edit these hours; e-mails about bookings go to them."
        value={entry.account?.id ?? ''}
        disabled={link.isPending}
        onChange={(e) => link.mutate(e.target.value || null)}
      >
        <option value="">None (e-mails go to the team)</option>
        {staff.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name ? `${s.name} (${s.email})` : s.email}
          </option>
        ))}
      </SelectField>
      {link.isError && (
        <div className="mt-2">
          <Alert tone="error">
            <ErrorText error={link.error} />
          </Alert>
        </div>
      )}
    </div>
  );
}

type Spans = 'weekly' | 'breaks';

function WeeklySpans({
  name,
  label,
  form,
}: {
  name: Spans;
  label: string;
  form: ReturnType<typeof useAvailabilityForm>;
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  const errors = form.formState.errors[name];
  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold text-ink">{label}</legend>
      {fields.map((field, i) => (
        <div key={field.id} className="flex flex-wrap items-end gap-2">
          <div className="w-40">
            <SelectField
              label="Day"
              {...form.register(`${name}.${i}.weekday`, { valueAsNumber: true })}
            >
              {weekdays.map((d, n) => (
                <option key={d} value={n + 1}>
                  {d}
                </option>
              ))}
            </SelectField>
          </div>
          <SpanTimes register={form.register} prefix={`${name}.${i}`} />
          <Button variant="ghost" onClick={() => remove(i)}>
            Remove
          </Button>
          {errors?.[i] && (
            <p className="w-full text-sm font-medium text-red-700">
              {errors[i]?.end?.message ?? errors[i]?.start?.message}
            </p>
          )}
        </div>
      ))}
      <Button
        variant="secondary"
        onClick={() => append({ weekday: 1, start: '09:00', end: '17:00' })}
      >
        Add {name === 'weekly' ? 'hours' : 'a break'}
      </Button>
    </fieldset>
  );
}

function SpanTimes({
  register,
  prefix,
}: {
  register: UseFormRegister<AvailabilityFormValues>;
  prefix: `weekly.${number}` | `breaks.${number}` | `extraHours.${number}`;
}) {
  return (
    <>
      <div className="w-32">
        <TextField label="From" type="time" {...register(`${prefix}.start`)} />
      </div>
      <div className="w-32">
        <TextField label="To" type="time" {...register(`${prefix}.end`)} />
      </div>
    </>
  );
}

function useAvailabilityForm(entry: AvailabilityEntry) {
  const a = entry.availability;
  return useSchemaForm(availabilityForm, {
    ...a,
    datesOff: a.datesOff.map((date) => ({ date })),
  });
}

function AvailabilityForm({ entry }: { entry: AvailabilityEntry }) {
  const form = useAvailabilityForm(entry);
  const save = useSaveAvailability(entry.consultantId);
  const [saved, setSaved] = useState(false);
  const datesOff = useFieldArray({ control: form.control, name: 'datesOff' });
  const extra = useFieldArray({ control: form.control, name: 'extraHours' });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    await save.mutateAsync(
      {
        availability: { ...values, datesOff: values.datesOff.map((d) => d.date) },
        version: entry.version,
      },
      { onSuccess: () => setSaved(true) },
    );
  });
  const number = (
    name: 'meetingMinutes' | 'bufferMinutes' | 'minimumNoticeHours' | 'bookingWindowDays',
    label: string,
  ) => (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      {...form.register(name, { valueAsNumber: true })}
      error={errors[name]?.message}
    />
  );
  return (
    <form
      noValidate
      aria-label={`Availability of ${entry.name}`}
      onSubmit={(e) => void submit(e).catch(() => undefined)}
      className="space-y-6 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 className="text-lg font-semibold text-ink">{entry.name}</h2>
      {!entry.version && (
        <p className="text-sm text-muted">
          Not set yet: students see the default (weekdays 09:00–17:00 London time, lunch
          12:30–13:30).
        </p>
      )}
      <div className="max-w-sm">
        <SelectField
          label="Time zone of these hours"
          {...form.register('timeZone')}
          error={errors.timeZone?.message}
        >
          {zones().map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </SelectField>
      </div>
      <WeeklySpans name="weekly" label="Weekly hours" form={form} />
      <WeeklySpans name="breaks" label="Breaks" form={form} />
      <fieldset className="space-y-2">
        <legend className="font-semibold text-ink">Dates off</legend>
        {datesOff.fields.map((field, i) => (
          <div key={field.id} className="flex items-end gap-2">
            <div className="w-48">
              <TextField
                label="Date"
                type="date"
                {...form.register(`datesOff.${i}.date`)}
                error={errors.datesOff?.[i]?.date?.message}
              />
            </div>
            <Button variant="ghost" onClick={() => datesOff.remove(i)}>
              Remove
            </Button>
          </div>
        ))}
        <Button variant="secondary" onClick={() => datesOff.append({ date: '' })}>
          Add a date off
        </Button>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="font-semibold text-ink">Extra hours</legend>
        {extra.fields.map((field, i) => (
          <div key={field.id} className="flex flex-wrap items-end gap-2">
            <div className="w-48">
              <TextField
                label="Date"
                type="date"
                {...form.register(`extraHours.${i}.date`)}
                error={errors.extraHours?.[i]?.date?.message}
              />
            </div>
            <SpanTimes register={form.register} prefix={`extraHours.${i}`} />
            <Button variant="ghost" onClick={() => extra.remove(i)}>
              Remove
            </Button>
            {errors.extraHours?.[i]?.end && (
              <p className="w-full text-sm font-medium text-red-700">
                {errors.extraHours[i]?.end?.message}
              </p>
            )}
          </div>
        ))}
        <Button
          variant="secondary"
          onClick={() => extra.append({ date: '', start: '10:00', end: '12:00' })}
        >
          Add extra hours
        </Button>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {number('meetingMinutes', 'Meeting length (minutes)')}
        {number('bufferMinutes', 'Buffer between meetings (minutes)')}
        {number('minimumNoticeHours', 'Minimum notice (hours)')}
        {number('bookingWindowDays', 'Booking window (days)')}
      </div>
      {save.isError && (
        <Alert tone="error">
          <ErrorText error={save.error} />
        </Alert>
      )}
      {saved && <Alert tone="success">Saved. Students see the new times at once.</Alert>}
      <Button type="submit" disabled={isSubmitting}>
        Save availability
      </Button>
    </form>
  );
}
