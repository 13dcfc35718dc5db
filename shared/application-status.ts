export const applicationStatuses = [
  'submitted',
  'reviewed',
  'applied',
  'offered',
  'accepted',
] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const statusDescriptions: Record<ApplicationStatus, string> = {
  submitted: 'Your application has been successfully submitted and is being processed.',
  reviewed: 'Your application is being reviewed by the admissions team.',
  applied: 'Your application has been submitted to your chosen universities.',
  offered: 'Congratulations! You have received an offer from the university.',
  accepted: 'Your application has been accepted. Welcome to your new university!',
};

export const statusColours: Record<
  ApplicationStatus,
  'blue' | 'yellow' | 'indigo' | 'purple' | 'green'
> = {
  submitted: 'blue',
  reviewed: 'yellow',
  applied: 'indigo',
  offered: 'purple',
  accepted: 'green',
};

/** (position + 1) / 5 of the bar: 20, 40, 60, 80 or 100. */
export function statusProgress(status: ApplicationStatus): number {
  return ((applicationStatuses.indexOf(status) + 1) / applicationStatuses.length) * 100;
}
