import { useState, type FormEvent } from 'react';
import type { AfterOffer, AfterOfferKey, AfterOfferView } from '../../../shared/schemas/casework';
import { Button } from '../../components/button';
import { SelectField, TextAreaField, TextField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { gbp } from './format';

const fieldLabels: Record<AfterOfferKey, string> = {
  offerType: 'Offer',
  conditions: 'Conditions of the offer',
  conditionsMetOn: 'Conditions met on',
  depositAmountGbp: 'Deposit paid (£)',
  depositPaidOn: 'Deposit paid on',
  casNumber: 'CAS number (14 characters)',
  casIssuedOn: 'CAS issued on',
  atasObtainedOn: 'ATAS certificate received on',
  tbTestOn: 'Tuberculosis test taken on',
  visaAppliedOn: 'Visa applied for on',
  visaDecision: 'Visa decision',
  visaDecidedOn: 'Visa decided on',
  arrivalDate: 'Arrival date in the UK',
};

/** The UK steps after an offer: done, what comes next, what it costs; a form for the steps this person sets. */
export function AfterOfferPanel({
  title = 'After your offer: the UK steps',
  view,
  editable,
  onSave,
}: {
  title?: string;
  view: AfterOfferView;
  editable: readonly AfterOfferKey[];
  onSave: (values: Partial<Record<AfterOfferKey, unknown>>) => Promise<unknown>;
}) {
  return (
    <section aria-labelledby="after-offer-title" className="space-y-3 rounded-xl border border-purple-200 bg-white p-4 shadow-sm">
      <h2 id="after-offer-title" className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {view.next && (
        <p className="rounded-lg bg-purple-50 p-2 text-sm text-purple-950">
          <span className="font-semibold">Next: </span>
          {view.next}
        </p>
      )}
      <ol className="space-y-1 text-sm" aria-label="Steps after the offer">
        {view.steps.map((s) => (
          <li key={s.key} className="flex flex-wrap gap-2">
            <span aria-hidden="true">{s.done ? '✓' : '○'}</span>
            <span className={s.done ? 'font-medium text-ink' : 'text-ink'}>{s.label}</span>
            <span className="sr-only">{s.done ? '(done)' : '(to do)'}</span>
            {s.detail && <span className="text-muted">· {s.detail}</span>}
          </li>
        ))}
      </ol>
      {view.costs.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-ink">What it costs</h3>
          <ul className="text-sm">
            {view.costs.map((c) => (
              <li key={c.label}>
                {c.label}: <span className="font-medium">{gbp(c.amountGbp)}</span> <span className="text-muted">({c.detail})</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {editable.length > 0 && <AfterOfferForm values={view.values} keys={editable} atas={view.atasRequired} tb={view.tbTestRequired} onSave={onSave} />}
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
    Object.fromEntries(shown.map((k) => [k, values[k] === undefined || values[k] === null ? '' : String(values[k])])),
  );
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
      setStatus('Saved.');
    } catch (e) {
      setErrors(e instanceof ApiError ? (e.fields ?? {}) : {});
      setStatus(e instanceof Error ? e.message : 'It could not be saved.');
    } finally {
      setSaving(false);
    }
  }

  const set = (k: AfterOfferKey) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  return (
    <form onSubmit={submit} className="grid gap-3 border-t border-slate-100 pt-3 sm:grid-cols-2">
      {shown.map((k) =>
        k === 'offerType' ? (
          <SelectField key={k} label={fieldLabels[k]} value={draft[k] ?? ''} error={errors[k]} onChange={set(k)}>
            <option value="">Not set</option>
            <option value="conditional">Conditional</option>
            <option value="unconditional">Unconditional</option>
          </SelectField>
        ) : k === 'visaDecision' ? (
          <SelectField key={k} label={fieldLabels[k]} value={draft[k] ?? ''} error={errors[k]} onChange={set(k)}>
            <option value="">Not yet</option>
            <option value="granted">Granted</option>
            <option value="refused">Refused</option>
          </SelectField>
        ) : k === 'conditions' ? (
          <TextAreaField key={k} label={fieldLabels[k]} rows={2} value={draft[k] ?? ''} error={errors[k]} onChange={set(k)} />
        ) : (
          <TextField
            key={k}
            label={fieldLabels[k]}
            type={k.endsWith('On') || k === 'arrivalDate' ? 'date' : k === 'depositAmountGbp' ? 'number' : 'text'}
            value={draft[k] ?? ''}
            error={errors[k]}
            onChange={set(k)}
          />
        ),
      )}
      <div className="flex items-center gap-3 sm:col-span-2">
        <Button type="submit" variant="secondary" disabled={isSaving}>
          {isSaving ? 'Saving…' : 'Save the steps'}
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
