import { useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type {
  AfterOffer,
  AfterOfferKey,
  AfterOfferStep,
  AfterOfferView,
} from '../../../shared/schemas/casework';
import { Button } from '../../components/button';
import { SelectField, TextAreaField, TextField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';
import { useCostLineText } from '../../lib/cost-line-text';
import { formatDueDayIn, gbpIn } from './format';

const fieldLabels = defineMessages<AfterOfferKey>({
  offerType: { id: 'casework.afterOffer.field.offerType', defaultMessage: 'Offer' },
  conditions: {
    id: 'casework.afterOffer.field.conditions',
    defaultMessage: 'Conditions of the offer',
  },
  conditionsMetOn: {
    id: 'casework.afterOffer.field.conditionsMetOn',
    defaultMessage: 'Conditions met on',
  },
  depositAmountGbp: {
    id: 'casework.afterOffer.field.depositAmountGbp',
    defaultMessage: 'Deposit paid (£)',
  },
  depositPaidOn: {
    id: 'casework.afterOffer.field.depositPaidOn',
    defaultMessage: 'Deposit paid on',
  },
  casNumber: {
    id: 'casework.afterOffer.field.casNumber',
    defaultMessage: 'CAS number (14 characters)',
  },
  casIssuedOn: { id: 'casework.afterOffer.field.casIssuedOn', defaultMessage: 'CAS issued on' },
  atasObtainedOn: {
    id: 'casework.afterOffer.field.atasObtainedOn',
    defaultMessage: 'ATAS certificate received on',
  },
  tbTestOn: {
    id: 'casework.afterOffer.field.tbTestOn',
    defaultMessage: 'Tuberculosis test taken on',
  },
  visaAppliedOn: {
    id: 'casework.afterOffer.field.visaAppliedOn',
    defaultMessage: 'Visa applied for on',
  },
  visaDecision: { id: 'casework.afterOffer.field.visaDecision', defaultMessage: 'Visa decision' },
  visaDecidedOn: {
    id: 'casework.afterOffer.field.visaDecidedOn',
    defaultMessage: 'Visa decided on',
  },
  arrivalDate: {
    id: 'casework.afterOffer.field.arrivalDate',
    defaultMessage: 'Arrival date in the UK',
  },
});

const stepLabels = defineMessages({
  offer: { id: 'casework.afterOffer.step.offer', defaultMessage: 'Offer details' },
  offerConditional: {
    id: 'casework.afterOffer.step.offerConditional',
    defaultMessage: 'Conditional offer',
  },
  offerUnconditional: {
    id: 'casework.afterOffer.step.offerUnconditional',
    defaultMessage: 'Unconditional offer',
  },
  conditionsMet: { id: 'casework.afterOffer.step.conditionsMet', defaultMessage: 'Conditions met' },
  deposit: { id: 'casework.afterOffer.step.deposit', defaultMessage: 'Deposit paid' },
  cas: { id: 'casework.afterOffer.step.cas', defaultMessage: 'CAS issued' },
  atas: { id: 'casework.afterOffer.step.atas', defaultMessage: 'ATAS certificate' },
  tbTest: { id: 'casework.afterOffer.step.tbTest', defaultMessage: 'Tuberculosis test' },
  visaApplied: { id: 'casework.afterOffer.step.visaApplied', defaultMessage: 'Visa applied' },
  visaDecided: { id: 'casework.afterOffer.step.visaDecided', defaultMessage: 'Visa decided' },
  arrival: { id: 'casework.afterOffer.step.arrival', defaultMessage: 'Arrival in the UK' },
});

/** A step's name in the reader's language, from its key and the stored values (the server's words are English). */
function stepLabel(intl: IntlShape, step: AfterOfferStep, values: AfterOffer): string {
  if (step.key === 'offer') {
    const offer =
      values.offerType === 'conditional'
        ? 'offerConditional'
        : values.offerType === 'unconditional'
          ? 'offerUnconditional'
          : 'offer';
    return intl.formatMessage(stepLabels[offer]);
  }
  const known = stepLabels[step.key as keyof typeof stepLabels];
  return known ? intl.formatMessage(known) : step.label;
}

/** A step's detail from the stored values, with dates and money in the reader's locale. */
function stepDetail(intl: IntlShape, step: AfterOfferStep, values: AfterOffer): string | null {
  const day = (iso: string | null | undefined) => (iso ? formatDueDayIn(intl, iso) : null);
  switch (step.key) {
    case 'offer':
      return values.offerType === 'conditional' ? (values.conditions ?? null) : null;
    case 'conditionsMet':
      return day(values.conditionsMetOn);
    case 'deposit':
      if (!values.depositPaidOn) return null;
      return values.depositAmountGbp
        ? intl.formatMessage(
            { id: 'casework.afterOffer.detail.depositOn', defaultMessage: '{amount} on {date}' },
            { amount: gbpIn(intl, values.depositAmountGbp), date: day(values.depositPaidOn) },
          )
        : day(values.depositPaidOn);
    case 'cas':
      if (!values.casNumber) return null;
      return values.casIssuedOn
        ? intl.formatMessage(
            { id: 'casework.afterOffer.detail.casOn', defaultMessage: '{cas}, {date}' },
            { cas: values.casNumber, date: day(values.casIssuedOn) },
          )
        : values.casNumber;
    case 'atas':
      return day(values.atasObtainedOn);
    case 'tbTest':
      return day(values.tbTestOn);
    case 'visaApplied':
      return day(values.visaAppliedOn);
    case 'visaDecided':
      if (!values.visaDecision) return null;
      if (values.visaDecision === 'granted') {
        return values.visaDecidedOn
          ? intl.formatMessage(
              { id: 'casework.afterOffer.detail.grantedOn', defaultMessage: 'Granted on {date}' },
              { date: day(values.visaDecidedOn) },
            )
          : intl.formatMessage({
              id: 'casework.afterOffer.detail.granted',
              defaultMessage: 'Granted',
            });
      }
      return values.visaDecidedOn
        ? intl.formatMessage(
            { id: 'casework.afterOffer.detail.refusedOn', defaultMessage: 'Refused on {date}' },
            { date: day(values.visaDecidedOn) },
          )
        : intl.formatMessage({
            id: 'casework.afterOffer.detail.refused',
            defaultMessage: 'Refused',
          });
    case 'arrival':
      return day(values.arrivalDate);
    default:
      return step.detail;
  }
}

/** The UK steps after an offer: done, what comes next, what it costs; a form for the steps this person sets. */
export function AfterOfferPanel({
  title,
  view,
  editable,
  onSave,
}: {
  title?: string;
  view: AfterOfferView;
  editable: readonly AfterOfferKey[];
  onSave: (values: Partial<Record<AfterOfferKey, unknown>>) => Promise<unknown>;
}) {
  const intl = useIntl();
  const costLineText = useCostLineText();
  const next = view.steps.find((s) => !s.done);
  return (
    <section
      aria-labelledby="after-offer-title"
      className="space-y-3 rounded-xl border border-purple-200 bg-white p-4 shadow-sm"
    >
      <h2 id="after-offer-title" className="text-lg font-semibold text-ink">
        {title ??
          intl.formatMessage({
            id: 'casework.afterOffer.title',
            defaultMessage: 'After your offer: the UK steps',
          })}
      </h2>
      {next && (
        <p className="rounded-lg bg-purple-50 p-2 text-sm text-purple-950">
          <FormattedMessage
            id="casework.afterOffer.next"
            defaultMessage="<b>Next:</b> {step}"
            values={{
              b: (chunks) => <span className="font-semibold">{chunks}</span>,
              step: stepLabel(intl, next, view.values),
            }}
          />
        </p>
      )}
      <ol
        className="space-y-1 text-sm"
        aria-label={intl.formatMessage({
          id: 'casework.afterOffer.stepsLabel',
          defaultMessage: 'Steps after the offer',
        })}
      >
        {view.steps.map((s) => {
          const detail = stepDetail(intl, s, view.values);
          return (
            <li key={s.key} className="flex flex-wrap gap-2">
              <span aria-hidden="true">{s.done ? '✓' : '○'}</span>
              <span className={s.done ? 'font-medium text-ink' : 'text-ink'}>
                {stepLabel(intl, s, view.values)}
              </span>
              <span className="sr-only">
                {s.done
                  ? intl.formatMessage({ id: 'casework.afterOffer.done', defaultMessage: '(done)' })
                  : intl.formatMessage({
                      id: 'casework.afterOffer.toDo',
                      defaultMessage: '(to do)',
                    })}
              </span>
              {detail && (
                <span className="text-muted">
                  · <bdi>{detail}</bdi>
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {view.costs.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-ink">
            <FormattedMessage id="casework.afterOffer.costsTitle" defaultMessage="What it costs" />
          </h3>
          <ul className="text-sm">
            {view.costs.map((c) => {
              const text = costLineText(c.fact);
              return (
                <li key={c.fact.kind}>
                  <FormattedMessage
                    id="casework.afterOffer.costLine"
                    defaultMessage="{label}: <b>{amount}</b> <muted>({detail})</muted>"
                    values={{
                      label: text.label,
                      amount: gbpIn(intl, c.amountGbp),
                      detail: text.detail,
                      b: (chunks) => <span className="font-medium">{chunks}</span>,
                      muted: (chunks) => <span className="text-muted">{chunks}</span>,
                    }}
                  />
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {editable.length > 0 && (
        <AfterOfferForm
          values={view.values}
          keys={editable}
          atas={view.atasRequired}
          tb={view.tbTestRequired}
          onSave={onSave}
        />
      )}
    </section>
  );
}

function AfterOfferForm({
  values,
  keys,
  atas,
  tb,
  onSave,
}: {
  values: AfterOffer;
  keys: readonly AfterOfferKey[];
  atas: boolean;
  tb: boolean;
  onSave: (values: Partial<Record<AfterOfferKey, unknown>>) => Promise<unknown>;
}) {
  const shown = keys.filter((k) => (k !== 'atasObtainedOn' || atas) && (k !== 'tbTestOn' || tb));
  const [draft, setDraft] = useState<Partial<Record<AfterOfferKey, string>>>(() =>
    Object.fromEntries(
      shown.map((k) => [k, values[k] === undefined || values[k] === null ? '' : String(values[k])]),
    ),
  );
  const intl = useIntl();
  const errorText = useErrorText();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string>();
  const [isSaving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setStatus(undefined);
    try {
      await onSave(draft);
      setErrors({});
      setStatus(intl.formatMessage({ id: 'casework.afterOffer.saved', defaultMessage: 'Saved.' }));
    } catch (e) {
      const notSaved = intl.formatMessage({
        id: 'casework.afterOffer.notSaved',
        defaultMessage: 'It could not be saved.',
      });
      const invalid = intl.formatMessage({
        id: 'casework.afterOffer.invalid',
        defaultMessage: 'Check this value.',
      });
      setErrors(
        e instanceof ApiError
          ? Object.fromEntries(
              Object.entries(e.issues ?? {}).map(([k, issue]) => [
                k,
                errorText(issue, { otherwise: invalid }),
              ]),
            )
          : {},
      );
      setStatus(errorText(e, { otherwise: notSaved }));
    } finally {
      setSaving(false);
    }
  }

  const set = (k: AfterOfferKey) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [k]: e.target.value }));
  return (
    <form onSubmit={submit} className="grid gap-3 border-t border-slate-100 pt-3 sm:grid-cols-2">
      {shown.map((k) =>
        k === 'offerType' ? (
          <SelectField
            key={k}
            label={intl.formatMessage(fieldLabels[k])}
            value={draft[k] ?? ''}
            error={errors[k]}
            onChange={set(k)}
          >
            <option value="">
              {intl.formatMessage({
                id: 'casework.afterOffer.option.notSet',
                defaultMessage: 'Not set',
              })}
            </option>
            <option value="conditional">
              {intl.formatMessage({
                id: 'casework.afterOffer.option.conditional',
                defaultMessage: 'Conditional',
              })}
            </option>
            <option value="unconditional">
              {intl.formatMessage({
                id: 'casework.afterOffer.option.unconditional',
                defaultMessage: 'Unconditional',
              })}
            </option>
          </SelectField>
        ) : k === 'visaDecision' ? (
          <SelectField
            key={k}
            label={intl.formatMessage(fieldLabels[k])}
            value={draft[k] ?? ''}
            error={errors[k]}
            onChange={set(k)}
          >
            <option value="">
              {intl.formatMessage({
                id: 'casework.afterOffer.option.notYet',
                defaultMessage: 'Not yet',
              })}
            </option>
            <option value="granted">
              {intl.formatMessage({
                id: 'casework.afterOffer.option.granted',
                defaultMessage: 'Granted',
              })}
            </option>
            <option value="refused">
              {intl.formatMessage({
                id: 'casework.afterOffer.option.refused',
                defaultMessage: 'Refused',
              })}
            </option>
          </SelectField>
        ) : k === 'conditions' ? (
          <TextAreaField
            key={k}
            label={intl.formatMessage(fieldLabels[k])}
            rows={2}
            value={draft[k] ?? ''}
            error={errors[k]}
            onChange={set(k)}
          />
        ) : (
          <TextField
            key={k}
            label={intl.formatMessage(fieldLabels[k])}
            type={
              k.endsWith('On') || k === 'arrivalDate'
                ? 'date'
                : k === 'depositAmountGbp'
                  ? 'number'
                  : 'text'
            }
            value={draft[k] ?? ''}
            error={errors[k]}
            onChange={set(k)}
          />
        ),
      )}
      <div className="flex items-center gap-3 sm:col-span-2">
        <Button type="submit" variant="secondary" disabled={isSaving}>
          {isSaving
            ? intl.formatMessage({ id: 'casework.afterOffer.saving', defaultMessage: 'Saving…' })
            : intl.formatMessage({
                id: 'casework.afterOffer.save',
                defaultMessage: 'Save the steps',
              })}
        </Button>
        {status && (
          <p role="status" className="text-sm text-ink">
            {status}
          </p>
        )}
      </div>
    </form>
  );
}
