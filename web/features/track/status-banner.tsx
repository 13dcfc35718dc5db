import { FormattedMessage, useIntl } from 'react-intl';
import {
  statusColours,
  statusProgress,
  applicationStatuses,
  type ApplicationStatus,
} from '../../../shared/application-status';
import { ProgressBar } from '../../components/progress-bar';
import { StatusBadge } from '../../components/status-badge';
import { useStatusWords } from '../../lib/status-names';

const banners: Record<(typeof statusColours)[ApplicationStatus], string> = {
  blue: 'border-blue-300 bg-blue-50',
  yellow: 'border-yellow-400 bg-yellow-50',
  indigo: 'border-indigo-300 bg-indigo-50',
  purple: 'border-purple-300 bg-purple-50',
  green: 'border-green-300 bg-green-50',
};

/** The status, what it means (spec section 4) and the bar at (position + 1) / 5. */
export function StatusBanner({ status }: { status: ApplicationStatus }) {
  const step = applicationStatuses.indexOf(status) + 1;
  const intl = useIntl();
  const words = useStatusWords();
  return (
    <div className={`rounded-[var(--radius-card)] border p-5 ${banners[statusColours[status]]}`}>
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm font-medium text-ink">
          <FormattedMessage id="track.banner.status" defaultMessage="Status" />
        </span>
        <StatusBadge status={status} label={words.name(status)} />
      </div>
      <p className="mt-3 text-lg text-ink" data-testid="status-description">
        {words.description(status)}
      </p>
      <div className="mt-4 space-y-1">
        <ProgressBar
          value={statusProgress(status)}
          colour={statusColours[status]}
          label={intl.formatMessage({
            id: 'track.banner.progress',
            defaultMessage: 'Application progress',
          })}
        />
        <p className="text-sm text-muted">
          <FormattedMessage
            id="track.banner.step"
            defaultMessage="Step {step} of {steps}"
            values={{ step, steps: applicationStatuses.length }}
          />
        </p>
      </div>
    </div>
  );
}
