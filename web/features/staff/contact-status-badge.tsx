import type { ContactRequestStatus } from '../../../shared/staff-workflow';
import { statusLabel } from './format';

const tones: Record<ContactRequestStatus, string> = {
  new: 'bg-blue-100 text-blue-900 ring-blue-300',
  contacted: 'bg-amber-100 text-amber-900 ring-amber-300',
  closed: 'bg-slate-100 text-slate-800 ring-slate-300',
};

export function ContactStatusBadge({ status }: { status: ContactRequestStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[status]}`}
    >
      {statusLabel(status)}
    </span>
  );
}
