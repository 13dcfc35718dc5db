import { documentLabel } from '../../../shared/schemas/application.ts';
import type {
  AfterOffer,
  AfterOfferStep,
  AfterOfferView,
  ApplicantRequest,
  CaseworkView,
  ConversationMessage,
} from '../../../shared/schemas/casework.ts';
import { costOfStudy } from '../../../shared/cost-of-study.ts';
import { needsTbTest } from '../../../shared/tb-test-countries.ts';
import type { ApplicationRecord } from '../applications/repository.ts';
import type { MessageRow, RequestRow } from './repository.ts';

const gbp = (n: number) => `£${n.toLocaleString('en-GB')}`;

export function requestLabel(r: Pick<RequestRow, 'kind' | 'documentKey'>): string {
  return r.kind === 'document' && r.documentKey ? documentLabel(r.documentKey) : 'Information';
}

export function toApplicantRequest(r: RequestRow): ApplicantRequest {
  return {
    id: r.id,
    kind: r.kind,
    documentKey: r.documentKey,
    label: requestLabel(r),
    message: r.message,
    dueOn: r.dueOn,
    open: r.closedAt === null,
    createdAt: r.createdAt.toISOString(),
    closedAt: r.closedAt?.toISOString() ?? null,
    answerText: r.answerText,
  };
}

export const messageAttachmentUrl = (applicationId: string, messageId: string) =>
  `/api/applications/${applicationId}/messages/${messageId}/attachment`;

export function toConversationMessage(
  applicationId: string,
  m: MessageRow & { authorName: string | null },
  viewer: 'applicant' | 'team',
): ConversationMessage {
  const author = m.fromTeam
    ? viewer === 'team'
      ? m.authorName || 'Former staff member'
      : `${m.authorName || 'Our team'} (UK Study Portal)`
    : viewer === 'applicant'
      ? 'You'
      : 'Applicant';
  return {
    id: m.id,
    fromTeam: m.fromTeam,
    author,
    byline:
      viewer === 'team'
        ? null
        : m.fromTeam
          ? { kind: 'team', name: m.authorName || null }
          : { kind: 'you' },
    body: m.body,
    at: m.createdAt.toISOString(),
    attachment:
      m.attachmentStorageKey && m.attachmentName
        ? {
            fileName: m.attachmentName,
            size: m.attachmentSize ?? 0,
            url: messageAttachmentUrl(applicationId, m.id),
          }
        : null,
  };
}

export function unreadCount(
  messages: MessageRow[],
  fromTeam: boolean,
  readAt: Date | null,
): number {
  return messages.filter((m) => m.fromTeam === fromTeam && (!readAt || m.createdAt > readAt))
    .length;
}

const dayText = (iso: string | null | undefined) =>
  iso
    ? new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : null;

/** The UK steps after an offer, in order, with what is done and what comes next. */
export function afterOfferSteps(
  values: AfterOffer,
  atasRequired: boolean,
  tbTestRequired: boolean,
): AfterOfferStep[] {
  const steps: (AfterOfferStep | null)[] = [
    {
      key: 'offer',
      label:
        values.offerType === 'unconditional'
          ? 'Unconditional offer'
          : values.offerType === 'conditional'
            ? 'Conditional offer'
            : 'Offer details',
      done: Boolean(values.offerType),
      detail: values.offerType === 'conditional' ? (values.conditions ?? null) : null,
    },
    values.offerType === 'unconditional'
      ? null
      : {
          key: 'conditionsMet',
          label: 'Conditions met',
          done: Boolean(values.conditionsMetOn),
          detail: dayText(values.conditionsMetOn),
        },
    {
      key: 'deposit',
      label: 'Deposit paid',
      done: Boolean(values.depositPaidOn),
      detail: values.depositPaidOn
        ? `${values.depositAmountGbp ? gbp(values.depositAmountGbp) : ''} on ${dayText(values.depositPaidOn)}`.trim()
        : null,
    },
    {
      key: 'cas',
      label: 'CAS issued',
      done: Boolean(values.casNumber && values.casIssuedOn),
      detail: values.casNumber
        ? `${values.casNumber}${values.casIssuedOn ? `, ${dayText(values.casIssuedOn)}` : ''}`
        : null,
    },
    atasRequired
      ? {
          key: 'atas',
          label: 'ATAS certificate',
          done: Boolean(values.atasObtainedOn),
          detail: dayText(values.atasObtainedOn),
        }
      : null,
    tbTestRequired
      ? {
          key: 'tbTest',
          label: 'Tuberculosis test',
          done: Boolean(values.tbTestOn),
          detail: dayText(values.tbTestOn),
        }
      : null,
    {
      key: 'visaApplied',
      label: 'Visa applied',
      done: Boolean(values.visaAppliedOn),
      detail: dayText(values.visaAppliedOn),
    },
    {
      key: 'visaDecided',
      label: 'Visa decided',
      done: Boolean(values.visaDecision),
      detail: values.visaDecision
        ? `${values.visaDecision === 'granted' ? 'Granted' : 'Refused'}${values.visaDecidedOn ? ` on ${dayText(values.visaDecidedOn)}` : ''}`
        : null,
    },
    {
      key: 'arrival',
      label: 'Arrival in the UK',
      done: Boolean(values.arrivalDate),
      detail: dayText(values.arrivalDate),
    },
  ];
  return steps.filter((s): s is AfterOfferStep => s !== null);
}

function toAfterOffer(record: ApplicationRecord): AfterOfferView | null {
  if (record.status !== 'offered' && record.status !== 'accepted') return null;
  const program = record.casework.program;
  const atasRequired = program?.atasRequired ?? false;
  const tbTestRequired = needsTbTest(record.residencyCountry);
  const steps = afterOfferSteps(record.afterOffer, atasRequired, tbTestRequired);
  const costs = program
    ? costOfStudy(
        {
          tuitionGbp: program.tuitionGbp,
          feeYear: program.feeYear,
          durationMonths: program.durationMonths,
          inLondon: program.inLondon,
        },
        record.casework.figures,
        new Date().toISOString().slice(0, 10),
      ).lines.map((l) => ({
        label: l.label,
        fact: l.fact,
        amountGbp: l.amountGbp,
        detail: l.detail,
      }))
    : [];
  return {
    values: record.afterOffer,
    version: record.afterOfferVersion,
    edits: record.afterOfferEdits,
    atasRequired,
    tbTestRequired,
    steps,
    next: steps.find((s) => !s.done)?.label ?? null,
    costs,
  };
}

/** The casework part of the applicant's view (track page, dashboard, live snapshots). */
export function toCaseworkView(record: ApplicationRecord): CaseworkView {
  const { casework } = record;
  return {
    requests: casework.requests.map(toApplicantRequest),
    messages: casework.messages.map((m) => toConversationMessage(record.id, m, 'applicant')),
    unreadMessages: unreadCount(casework.messages, true, record.applicantReadAt),
    outcome: record.outcome
      ? {
          kind: record.outcome,
          reason: record.outcomeReason,
          at: (record.outcomeAt ?? record.lastStatusUpdate).toISOString(),
        }
      : null,
    stageWorkingDays: record.outcome ? null : casework.stageTimes[record.status],
    afterOffer: toAfterOffer(record),
  };
}
