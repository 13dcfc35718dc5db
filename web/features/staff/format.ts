import type { ApplicationStatus } from '../../../shared/application-status';

const day = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});
const dayTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** 3 Jun 2025 (UK time, as the queue's date filters read days). */
export const formatDay = (iso: string) => day.format(new Date(iso));
/** 3 Jun 2025, 14:05 */
export const formatDayTime = (iso: string) => dayTime.format(new Date(iso));

export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

export const statusBarClasses: Record<ApplicationStatus, string> = {
  submitted: 'bg-blue-600',
  reviewed: 'bg-yellow-500',
  applied: 'bg-indigo-600',
  offered: 'bg-purple-600',
  accepted: 'bg-green-600',
};

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${Math.round(size / 1024)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}
