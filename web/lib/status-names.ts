import { useCallback } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { ApplicationStatus } from '../../shared/application-status';

/** The one map from a stored status to its name and meaning on the applicant's screens (the stored value never changes). */
const names = defineMessages({
  submitted: { id: 'track.status.submitted', defaultMessage: 'Submitted' },
  reviewed: { id: 'track.status.reviewed', defaultMessage: 'Reviewed' },
  applied: { id: 'track.status.applied', defaultMessage: 'Applied' },
  offered: { id: 'track.status.offered', defaultMessage: 'Offered' },
  accepted: { id: 'track.status.accepted', defaultMessage: 'Accepted' },
});

const descriptions = defineMessages({
  submitted: {
    id: 'track.status.submitted.description',
    defaultMessage: 'Your application has been successfully submitted and is being processed.',
  },
  reviewed: {
    id: 'track.status.reviewed.description',
    defaultMessage: 'Your application is being reviewed by the admissions team.',
  },
  applied: {
    id: 'track.status.applied.description',
    defaultMessage: 'Your application has been submitted to your chosen universities.',
  },
  offered: {
    id: 'track.status.offered.description',
    defaultMessage: 'Congratulations! You have received an offer from the university.',
  },
  accepted: {
    id: 'track.status.accepted.description',
    defaultMessage: 'Your application has been accepted. Welcome to your new university!',
  },
});

export function useStatusWords() {
  const intl = useIntl();
  const name = useCallback(
    (status: ApplicationStatus) => intl.formatMessage(names[status]),
    [intl],
  );
  const description = useCallback(
    (status: ApplicationStatus) => intl.formatMessage(descriptions[status]),
    [intl],
  );
  return { name, description };
}
