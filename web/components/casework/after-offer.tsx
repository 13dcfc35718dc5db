import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import {
  defineMessages,
  FormattedMessage,
  useIntl,
  type IntlShape,
  type MessageDescriptor,
} from 'react-intl';
import { fieldIssue } from '../../../shared/error-codes';
import {
  afterOfferInput,
  type AfterOffer,
  type AfterOfferKey,
  type AfterOfferStep,
  type AfterOfferView,
} from '../../../shared/schemas/casework';
import { Button } from '../button';
import { SelectField, TextAreaField, TextField } from '../field';
import { ApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';
import { useCostLineText } from '../../lib/cost-line-text';
import { formatDueDayIn, gbpIn } from '../../lib/casework-format';

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
  viewer,
  onSave,
}: {
  title?: string;
  view: AfterOfferView;
  editable: readonly AfterOfferKey[];
  viewer: AfterOfferViewer;
  onSave: (body: { version: number } & Partial<Record<AfterOfferKey, unknown>>) => Promise<unknown>;
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
        <AfterOfferForm view={view} keys={editable} viewer={viewer} onSave={onSave} />
      )}
    </section>
  );
}

/** Who is looking: the team's console or the student's own page (for "changed by…"). */
export type AfterOfferViewer = 'team' | 'student';

type Draft = Partial<Record<AfterOfferKey, string>>;
type Stored = Pick<AfterOfferView, 'version' | 'values' | 'edits'>;
const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

const meanwhile: Record<
  'team' | 'teamUnnamed' | 'student' | 'elsewhere' | 'blank',
  MessageDescriptor
> = defineMessages({
  team: {
    id: 'casework.afterOffer.changedByTeam',
    defaultMessage: 'Changed by {name} just now: {value}. Your entry is kept; saving replaces it.',
  },
  teamUnnamed: {
    id: 'casework.afterOffer.changedByOurTeam',
    defaultMessage:
      'Changed by our team just now: {value}. Your entry is kept; saving replaces it.',
  },
  student: {
    id: 'casework.afterOffer.changedByStudent',
    defaultMessage:
      'Changed by the student just now: {value}. Your entry is kept; saving replaces it.',
  },
  elsewhere: {
    id: 'casework.afterOffer.changedElsewhere',
    defaultMessage:
      'Changed in another window just now: {value}. Your entry is kept; saving replaces it.',
  },
  blank: { id: 'casework.afterOffer.changedToBlank', defaultMessage: '(cleared)' },
});

/**
 * The steps this person sets, on react-hook-form (issue 25 §2). A save sends only the steps they
 * changed, with the version their screen is based on. A newer record (live, or a 409's current one)
 * fills in every step they have not touched; a step they are editing keeps their entry and says who
 * changed it meanwhile.
 */
function AfterOfferForm({
  view,
  keys,
  viewer,
  onSave,
}: {
  view: AfterOfferView;
  keys: readonly AfterOfferKey[];
  viewer: AfterOfferViewer;
  onSave: (body: { version: number } & Partial<Record<AfterOfferKey, unknown>>) => Promise<unknown>;
}) {
  const shown = keys.filter(
    (k) =>
      (k !== 'atasObtainedOn' || view.atasRequired) && (k !== 'tbTestOn' || view.tbTestRequired),
  );
  const textsOf = (values: AfterOffer): Draft =>
    Object.fromEntries(shown.map((k) => [k, asText(values[k])]));
  const intl = useIntl();
  const errorText = useErrorText();
  const form = useForm<Draft>({ defaultValues: textsOf(view.values) });
  const { register, formState, getValues, setValue, resetField, setError, clearErrors } = form;
  const base = useRef<Stored>(view);
  const [notes, setNotes] = useState<Partial<Record<AfterOfferKey, string>>>({});
  const [status, setStatus] = useState<string>();

  const changedByMe = (k: AfterOfferKey) => getValues(k) !== asText(base.current.values[k]);

  /** A newer record: untouched steps take its values; touched ones keep the person's entry. */
  const adopt = (stored: Stored) => {
    if (stored.version <= base.current.version) return;
    const marked: Partial<Record<AfterOfferKey, string>> = {};
    for (const k of shown) {
      const theirs = asText(stored.values[k]);
      const before = asText(base.current.values[k]);
      const mine = getValues(k) ?? '';
      if (mine === before) {
        resetField(k, { defaultValue: theirs });
      } else {
        resetField(k, { defaultValue: theirs });
        setValue(k, mine, { shouldDirty: true });
        const edit = stored.edits[k];
        if (theirs !== before && theirs !== mine && edit) {
          const value = theirs === '' ? intl.formatMessage(meanwhile.blank) : theirs;
          marked[k] =
            edit.by === 'team'
              ? edit.name
                ? intl.formatMessage(meanwhile.team, { name: edit.name, value })
                : intl.formatMessage(meanwhile.teamUnnamed, { value })
              : intl.formatMessage(viewer === 'team' ? meanwhile.student : meanwhile.elsewhere, {
                  value,
                });
        }
      }
    }
    base.current = stored;
    setNotes((old) => ({ ...old, ...marked }));
  };

  useEffect(() => {
    adopt(view);
    // a new version of the record is what matters; `adopt` reads the form's current input
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.version]);

  async function save() {
    setStatus(undefined);
    clearErrors();
    const changed = shown.filter(changedByMe);
    if (changed.length === 0) {
      setStatus(errorText('NOTHING_TO_CHANGE'));
      return;
    }
    const body = {
      version: base.current.version,
      ...Object.fromEntries(changed.map((k) => [k, getValues(k)])),
    };
    const checked = afterOfferInput.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const k = issue.path[0] as AfterOfferKey;
        if (shown.includes(k))
          setError(k, { type: fieldIssue(issue as never).code, message: issue.message });
      }
      return;
    }
    try {
      await onSave(body);
      setNotes({});
      setStatus(intl.formatMessage({ id: 'casework.afterOffer.saved', defaultMessage: 'Saved.' }));
    } catch (e) {
      if (e instanceof ApiError && e.code === 'AFTER_OFFER_CHANGED_MEANWHILE' && e.current) {
        adopt(e.current as Stored);
      }
      const invalid = intl.formatMessage({
        id: 'casework.afterOffer.invalid',
        defaultMessage: 'Check this value.',
      });
      if (e instanceof ApiError)
        for (const [k, issue] of Object.entries(e.issues ?? {}))
          if (shown.includes(k as AfterOfferKey))
            setError(k as AfterOfferKey, {
              type: issue.code,
              message: errorText(issue, { otherwise: invalid }),
            });
      setStatus(
        errorText(e, {
          otherwise: intl.formatMessage({
            id: 'casework.afterOffer.notSaved',
            defaultMessage: 'It could not be saved.',
          }),
        }),
      );
    }
  }
  const submit = (event: FormEvent) => void form.handleSubmit(save)(event);

  const errors = formState.errors;
  const fieldError = (k: AfterOfferKey) => {
    const error = errors[k];
    if (!error) return undefined;
    return errorText(error, { field: intl.formatMessage(fieldLabels[k]) });
  };
  const isSaving = formState.isSubmitting;
  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-3 border-t border-slate-100 pt-3 sm:grid-cols-2"
    >
      {shown.map((k) =>
        k === 'offerType' ? (
          <SelectField
            key={k}
            label={intl.formatMessage(fieldLabels[k])}
            {...register(k)}
            error={fieldError(k)}
            hint={notes[k] && <span className="font-medium text-amber-900">{notes[k]}</span>}
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
            {...register(k)}
            error={fieldError(k)}
            hint={notes[k] && <span className="font-medium text-amber-900">{notes[k]}</span>}
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
            {...register(k)}
            error={fieldError(k)}
            hint={notes[k] && <span className="font-medium text-amber-900">{notes[k]}</span>}
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
            {...register(k)}
            error={fieldError(k)}
            hint={notes[k] && <span className="font-medium text-amber-900">{notes[k]}</span>}
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
