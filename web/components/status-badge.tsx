import { statusColours, type ApplicationStatus } from '../../shared/application-status';

const tones: Record<(typeof statusColours)[ApplicationStatus], string> = {
  blue: 'bg-blue-100 text-blue-900 ring-blue-300',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-400',
  indigo: 'bg-indigo-100 text-indigo-900 ring-indigo-300',
  purple: 'bg-purple-100 text-purple-900 ring-purple-300',
  green: 'bg-green-100 text-green-900 ring-green-300',
};

/** One small icon per status; decorative, the label says the same. */
const icons: Record<ApplicationStatus, string> = {
  submitted: 'M2 21 23 12 2 3v7l15 2-15 2z',
  reviewed:
    'M11 4a7 7 0 1 0 4.4 12.4l4.1 4.1 1.4-1.4-4.1-4.1A7 7 0 0 0 11 4Zm0 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10Z',
  applied: 'M12 3 1 9l11 6 9-4.9V17h2V9zM5 13.2v4L12 21l7-3.8v-4L12 17z',
  offered: 'M12 2l2.9 6.6 7.1.6-5.4 4.7 1.6 7L12 17.3 5.8 21l1.6-7L2 9.2l7.1-.6z',
  accepted: 'M9.5 16.2 5.3 12l-1.4 1.4 5.6 5.6L20.1 8.4 18.7 7z',
};

export const statusLabel = (status: ApplicationStatus) =>
  status.charAt(0).toUpperCase() + status.slice(1);

/** `label`: the status's name in the reader's language (applicant screens); staff screens keep the English name. */
export function StatusBadge({ status, label }: { status: ApplicationStatus; label?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset ${tones[statusColours[status]]}`}
    >
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 24 24"
        className="size-4 shrink-0"
        fill="currentColor"
      >
        <path d={icons[status]} />
      </svg>
      {label ?? statusLabel(status)}
    </span>
  );
}
