import { useState } from 'react';
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { applicationStatuses } from '../../../shared/application-status';
import type { PartnerApplicationView, PartnerReferralView } from '../../../shared/schemas/partners';
import { Alert } from '../../components/alert';
import { Card } from '../../components/card';
import { SelectField, TextField } from '../../components/field';
import { usePageTitle } from '../../components/page-title';
import { RequireSignIn } from '../../components/require-sign-in';
import { Spinner } from '../../components/spinner';
import { StatusBadge } from '../../components/status-badge';
import { useErrorText } from '../../lib/error-text';
import { Link } from '../../lib/router';
import { InviteColleague } from './invite-colleague';
import { choiceStates, partnerWords, referralStates, statusNames } from './partner-words';
import {
  filterQuery,
  useOrganisation,
  usePartnerApplications,
  usePartnerCommission,
  usePartnerLiveUpdates,
  usePartnerReferrals,
  type PartnerFilter,
} from './partner-api';

/** D20: a partner's own portal, its students (headline and choices only) and its commission. */
export function PartnerPage() {
  return (
    <RequireSignIn>
      <PartnerPortal />
    </RequireSignIn>
  );
}

function PartnerPortal() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(partnerWords.title));
  const organisation = useOrganisation();
  const errorText = useErrorText();
  usePartnerLiveUpdates();
  const [filter, setFilter] = useState<PartnerFilter>({});
  const list = usePartnerApplications(filter);

  if (organisation.isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <Alert tone="error">{errorText(organisation.error)}</Alert>
      </div>
    );
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">
          {organisation.data?.name ?? <FormattedMessage {...partnerWords.title} />}
        </h1>
        <p className="max-w-3xl text-muted">
          <FormattedMessage {...partnerWords.intro} />
        </p>
      </header>

      <section aria-labelledby="students-title" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="students-title" className="text-xl font-semibold text-ink">
            <FormattedMessage {...partnerWords.students} />
          </h2>
          <div className="flex flex-wrap gap-2">
            <Link
              to="/universities"
              className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              <FormattedMessage {...partnerWords.apply} />
            </Link>
            <a
              href={`/api/partner/applications.csv${filterQuery(filter)}`}
              download
              className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-slate-50"
            >
              <FormattedMessage {...partnerWords.export} />
            </a>
          </div>
        </div>
        <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
          <SelectField
            label={intl.formatMessage(partnerWords.status)}
            value={filter.status ?? ''}
            onChange={(e) => setFilter((f) => ({ ...f, status: e.target.value || undefined }))}
          >
            <option value="">{intl.formatMessage(partnerWords.allStatuses)}</option>
            {applicationStatuses.map((s) => (
              <option key={s} value={s}>
                {intl.formatMessage(statusNames[s])}
              </option>
            ))}
          </SelectField>
          <TextField
            label={intl.formatMessage(partnerWords.search)}
            type="search"
            value={filter.q ?? ''}
            onChange={(e) => setFilter((f) => ({ ...f, q: e.target.value }))}
          />
        </div>
        <div aria-live="polite">
          {list.isPending && <Spinner label={intl.formatMessage(partnerWords.loading)} />}
          {list.isError && <Alert tone="error">{errorText(list.error)}</Alert>}
          {list.data?.length === 0 && (
            <p className="text-muted">
              <FormattedMessage {...partnerWords.empty} />
            </p>
          )}
        </div>
        {list.data && list.data.length > 0 && (
          <ul className="grid gap-4 lg:grid-cols-2">
            {list.data.map((item) => (
              <StudentCard key={item.id} item={item} />
            ))}
          </ul>
        )}
      </section>

      <Referrals />
      <Commission />
      {organisation.data && <InviteColleague members={organisation.data.members} />}
    </div>
  );
}

function StudentCard({ item }: { item: PartnerApplicationView }) {
  const intl = useIntl();
  return (
    <li>
      <Card className="h-full space-y-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="break-words text-lg font-semibold text-ink">{item.studentName}</h3>
            <p className="break-words text-sm text-muted">
              {item.programName} · {item.universityName}
            </p>
          </div>
          <StatusBadge status={item.status} label={intl.formatMessage(statusNames[item.status])} />
        </div>
        {item.outcome && (
          <p className="text-sm font-medium text-red-800">
            {intl.formatMessage(partnerWords[item.outcome])}
          </p>
        )}
        <ul
          aria-label={intl.formatMessage(partnerWords.choices)}
          className="space-y-1 text-sm text-ink"
        >
          {item.choices.map((c) => (
            <li
              key={c.universityName}
              className="flex flex-wrap justify-between gap-x-3 border-t border-slate-100 pt-1"
            >
              <span className="break-words">{c.universityName}</span>
              <span className="text-muted">
                {intl.formatMessage(choiceStates[c.state])}
                {c.reply && ` · ${intl.formatMessage(partnerWords[c.reply])}`}
              </span>
            </li>
          ))}
        </ul>
        <p className="text-xs text-muted">
          <FormattedMessage
            id="partner.dates"
            defaultMessage="Sent {sent} · last change {updated}"
            values={{
              sent: <FormattedDate value={item.submittedAt} dateStyle="medium" />,
              updated: <FormattedDate value={item.lastStatusUpdate} dateStyle="medium" />,
            }}
          />
        </p>
      </Card>
    </li>
  );
}

function Referrals() {
  const intl = useIntl();
  const list = usePartnerReferrals();
  const errorText = useErrorText();
  return (
    <section aria-labelledby="referrals-title" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="referrals-title" className="text-xl font-semibold text-ink">
          <FormattedMessage {...partnerWords.referralsTitle} />
        </h2>
        <Link
          to="/refer"
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-slate-50"
        >
          <FormattedMessage {...partnerWords.refer} />
        </Link>
      </div>
      <div aria-live="polite">
        {list.isPending && <Spinner label={intl.formatMessage(partnerWords.referralsLoading)} />}
        {list.isError && <Alert tone="error">{errorText(list.error)}</Alert>}
        {list.data?.length === 0 && (
          <p className="text-muted">
            <FormattedMessage {...partnerWords.referralsEmpty} />
          </p>
        )}
      </div>
      {list.data && list.data.length > 0 && (
        <ul
          aria-labelledby="referrals-title"
          className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
        >
          {list.data.map((item) => (
            <ReferralRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReferralRow({ item }: { item: PartnerReferralView }) {
  const intl = useIntl();
  const application = item.application;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
      <div className="min-w-0">
        <h3 className="break-words font-semibold text-ink">{item.studentName}</h3>
        <p className="break-words text-sm text-muted">
          {/* isolated: a Latin program name beside an Arabic date keeps its order */}
          {item.studyInterest && (
            <>
              <bdi>{item.studyInterest}</bdi> ·{' '}
            </>
          )}
          <bdi>
            <FormattedDate value={item.referredAt} dateStyle="medium" />
          </bdi>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-ink">
          {intl.formatMessage(referralStates[item.state])}
        </span>
        {application && (
          <StatusBadge
            status={application.status}
            label={intl.formatMessage(statusNames[application.status])}
          />
        )}
        {application?.outcome && (
          <span className="font-medium text-red-800">
            {intl.formatMessage(partnerWords[application.outcome])}
          </span>
        )}
      </div>
    </li>
  );
}

function Commission() {
  const intl = useIntl();
  const lines = usePartnerCommission();
  const errorText = useErrorText();
  return (
    <section aria-labelledby="commission-title" className="space-y-3">
      <h2 id="commission-title" className="text-xl font-semibold text-ink">
        <FormattedMessage {...partnerWords.commission} />
      </h2>
      {lines.isError && <Alert tone="error">{errorText(lines.error)}</Alert>}
      {lines.data?.length === 0 && (
        <p className="text-muted">
          <FormattedMessage {...partnerWords.noCommission} />
        </p>
      )}
      {lines.data && lines.data.length > 0 && (
        <div
          role="region"
          aria-labelledby="commission-title"
          // a table wider than a phone scrolls: the keyboard reaches it too
          tabIndex={0}
          className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
        >
          <table className="w-full text-start text-sm">
            <thead className="bg-slate-50 text-muted">
              <tr>
                {(['student', 'university', 'share', 'lineStatus'] as const).map((h) => (
                  <th key={h} scope="col" className="px-3 py-2 text-start font-medium">
                    {intl.formatMessage(partnerWords[h])}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {lines.data.map((line) => (
                <tr key={line.id} className="border-t border-slate-100">
                  <td className="px-3 py-2">{line.studentName ?? '—'}</td>
                  <td className="px-3 py-2">
                    {line.universityName}
                    {line.intake && <span className="text-muted"> · {line.intake}</span>}
                  </td>
                  <td className="px-3 py-2 font-semibold tabular-nums">
                    {/* pence to pounds; "UK£" nowhere: the locale's own words (intlFormats) */}
                    <FormattedNumber value={line.partnerPence / 100} format="gbpPence" />
                  </td>
                  <td className="px-3 py-2">{intl.formatMessage(partnerWords[line.status])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
