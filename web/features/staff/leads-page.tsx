import { useState } from 'react';
import { leadKinds, leadStages, type LeadKind, type LeadStage } from '../../../shared/leads';
import { maxCloseReasonLength, type LeadView } from '../../../shared/schemas/leads';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/field';
import { usePageTitle } from '../../components/page-title';
import { Pagination } from '../../components/pagination';
import { Spinner } from '../../components/spinner';
import { useErrorText } from '../../lib/error-text';
import { Link, useSearchParams } from '../../lib/router';
import { formatDay, statusLabel } from './format';
import { useAssignable, useLeads, useSaveLead } from './leads-api';
import { ApiError } from '../../lib/api-client';

const kindLabels: Record<LeadKind, string> = {
  referral: 'Referral',
  partnership: 'Partnership request',
  booking: 'Consultation booking',
  guidance: 'Saved guidance',
};

/** Where the lead itself is read in the console (bookings: the agenda; guidance: with its student). */
function sourceLink(lead: LeadView): string | null {
  if (lead.kind === 'referral') return `/staff/requests/referral/${lead.id}`;
  if (lead.kind === 'partnership') return `/staff/requests/partnership/${lead.id}`;
  if (lead.kind === 'booking') return '/staff/agenda';
  return null;
}

interface Draft {
  ownerId: string;
  stage: LeadStage;
  closedReason: string;
  followUpOn: string;
}

const draftOf = (lead: LeadView): Draft => ({
  ownerId: lead.owner?.id ?? '',
  stage: lead.stage,
  closedReason: lead.closedReason ?? '',
  followUpOn: lead.followUpOn ?? '',
});

function LeadCard({
  lead: initial,
  team,
}: {
  lead: LeadView;
  team: { id: string; name: string }[];
}) {
  const [lead, setLead] = useState(initial);
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const save = useSaveLead();
  const errorText = useErrorText();
  const link = sourceLink(lead);
  const idBase = `lead-${lead.kind}-${lead.id}`;
  const closedWithoutReason = draft.stage === 'closed' && !draft.closedReason.trim();

  const submit = () => {
    setMessage(null);
    save.mutate(
      {
        kind: lead.kind,
        id: lead.id,
        input: {
          version: lead.version,
          ownerId: draft.ownerId || null,
          stage: draft.stage,
          closedReason: draft.stage === 'closed' ? draft.closedReason.trim() : null,
          followUpOn: draft.followUpOn || null,
        },
      },
      {
        onSuccess: (saved) => {
          setLead(saved);
          setDraft(draftOf(saved));
          setMessage({ tone: 'success', text: 'Saved.' });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409 && error.current) {
            const current = error.current as LeadView;
            setLead(current);
            setDraft(draftOf(current));
            setMessage({
              tone: 'error',
              text: errorText('LEAD_CHANGED_MEANWHILE'),
            });
          } else setMessage({ tone: 'error', text: errorText(error) });
        },
      },
    );
  };

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-ink" id={`${idBase}-title`}>
          {link ? (
            <Link to={link} className="text-brand-700 underline underline-offset-2">
              {lead.name}
            </Link>
          ) : (
            lead.name
          )}
        </h2>
        <span className="text-sm text-muted">
          {kindLabels[lead.kind]} · {formatDay(lead.createdAt)}
        </span>
      </div>
      <p className="mt-1 break-words text-sm text-ink">
        {[lead.email, lead.detail].filter(Boolean).join(' · ')}
      </p>
      <form
        aria-labelledby={`${idBase}-title`}
        className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!closedWithoutReason) submit();
        }}
      >
        <SelectField
          label="Owner"
          value={draft.ownerId}
          onChange={(e) => setDraft({ ...draft, ownerId: e.target.value })}
        >
          <option value="">Nobody yet</option>
          {team.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Stage"
          value={draft.stage}
          onChange={(e) => setDraft({ ...draft, stage: e.target.value as LeadStage })}
        >
          {leadStages.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Next follow-up"
          type="date"
          value={draft.followUpOn}
          onChange={(e) => setDraft({ ...draft, followUpOn: e.target.value })}
        />
        {draft.stage === 'closed' ? (
          <TextField
            label="Why closed"
            maxLength={maxCloseReasonLength}
            value={draft.closedReason}
            onChange={(e) => setDraft({ ...draft, closedReason: e.target.value })}
            error={closedWithoutReason ? 'Say why the lead is closed' : undefined}
          />
        ) : (
          <div className="hidden lg:block" />
        )}
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
          <Button type="submit" disabled={save.isPending || closedWithoutReason}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
          {message && (
            <p
              role={message.tone === 'error' ? 'alert' : 'status'}
              className={`text-sm font-medium ${message.tone === 'error' ? 'text-red-800' : 'text-green-800'}`}
            >
              {message.text}
            </p>
          )}
          {lead.owner && (
            <span className="text-sm text-muted">
              Owner now: {lead.owner.name}
              {lead.followUpOn ? `, follow up ${formatDay(lead.followUpOn)}` : ''}
            </span>
          )}
        </div>
      </form>
    </li>
  );
}

/** Issue 28 §1: every lead on one page, with its owner, stage and next follow-up. */
export function LeadsPage() {
  usePageTitle('Leads · Staff console');
  const [params, setParams] = useSearchParams();
  const filters = {
    kind: params.get('kind') ?? undefined,
    stage: params.get('stage') ?? undefined,
    owner: params.get('owner') ?? undefined,
    due: params.get('due') ?? undefined,
    page: params.get('page') ?? undefined,
  };
  const leads = useLeads(filters);
  const team = useAssignable();
  const errorText = useErrorText();
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-ink">Leads</h1>
      <p className="text-sm text-muted">
        Referrals, partnership requests, consultation bookings and guidance saved by signed-in
        students. The owner gets an e-mail on the follow-up date.
      </p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" role="group" aria-label="Filters">
        <SelectField
          label="Kind"
          value={filters.kind ?? ''}
          onChange={(e) => set({ kind: e.target.value })}
        >
          <option value="">All kinds</option>
          {leadKinds.map((k) => (
            <option key={k} value={k}>
              {kindLabels[k]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Stage"
          value={filters.stage ?? ''}
          onChange={(e) => set({ stage: e.target.value })}
        >
          <option value="">All stages</option>
          {leadStages.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Owner"
          value={filters.owner ?? ''}
          onChange={(e) => set({ owner: e.target.value })}
        >
          <option value="">Anyone</option>
          <option value="me">Mine</option>
          <option value="none">Nobody yet</option>
          {(team.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-ink">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-400 accent-brand-700"
            checked={filters.due === '1'}
            onChange={(e) => set({ due: e.target.checked ? '1' : undefined })}
          />
          Follow-up due today or earlier
        </label>
      </div>
      {leads.isPending && <Spinner label="Loading the leads…" />}
      {leads.isError && <Alert tone="error">{errorText(leads.error)}</Alert>}
      {leads.data && (
        <>
          <p className="text-sm text-muted" role="status">
            {leads.data.total === 1 ? '1 lead' : `${leads.data.total} leads`}
          </p>
          {leads.data.items.length === 0 ? (
            <p className="text-sm text-ink">No lead matches these filters.</p>
          ) : (
            <ul className="space-y-3">
              {leads.data.items.map((lead) => (
                <LeadCard
                  key={`${lead.kind}-${lead.id}-${lead.version}`}
                  lead={lead}
                  team={team.data ?? []}
                />
              ))}
            </ul>
          )}
          <Pagination
            label="Lead pages"
            page={leads.data.page}
            pageSize={leads.data.pageSize}
            total={leads.data.total}
            onPage={(p) => set({ page: String(p) })}
          />
        </>
      )}
    </div>
  );
}
