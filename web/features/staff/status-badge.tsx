import type { ApplicationStatus } from '../../../shared/application-status';
import { statusBadgeClasses, statusLabel } from './format';

export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusBadgeClasses[status]}`}>
      {statusLabel(status)}
    </span>
  );
}
