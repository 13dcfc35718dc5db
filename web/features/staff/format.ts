import type { ApplicationStatus } from '../../../shared/application-status';

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });
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

export const statusBadgeClasses: Record<ApplicationStatus, string> = {
  submitted: 'bg-blue-100 text-blue-900 ring-blue-300',
  reviewed: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  applied: 'bg-indigo-100 text-indigo-900 ring-indigo-300',
  offered: 'bg-purple-100 text-purple-900 ring-purple-300',
  accepted: 'bg-green-100 text-green-900 ring-green-300',
};

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
