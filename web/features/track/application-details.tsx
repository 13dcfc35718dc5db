import { FormattedDate, FormattedMessage, defineMessages, useIntl } from 'react-intl';
import type { ApplicationView } from '../../../shared/schemas/application';
import { Card } from '../../components/card';
import { useCountryNames } from '../../lib/use-country-names';
import { StatusHistory } from '../../components/status-history';
import { TrackDocuments } from './track-documents';
import { useCatalogueText } from '../../lib/catalogue-text';

const m = defineMessages({
  applicationId: { id: 'track.details.applicationId', defaultMessage: 'Application ID' },
  applicant: { id: 'track.details.applicant', defaultMessage: 'Applicant' },
  program: { id: 'track.details.program', defaultMessage: 'Program' },
  university: { id: 'track.details.university', defaultMessage: 'University' },
  studyLevel: { id: 'track.details.studyLevel', defaultMessage: 'Study level' },
  universities: { id: 'track.details.universities', defaultMessage: 'Universities' },
  submitted: { id: 'track.details.submitted', defaultMessage: 'Submitted' },
  englishLevel: { id: 'track.details.englishLevel', defaultMessage: 'English level' },
  certification: { id: 'track.details.certification', defaultMessage: 'Certification' },
  nationality: { id: 'track.details.nationality', defaultMessage: 'Nationality' },
  passport: { id: 'track.details.passport', defaultMessage: 'Passport number' },
  yes: { id: 'track.details.yes', defaultMessage: 'Yes' },
  no: { id: 'track.details.no', defaultMessage: 'No' },
});

const levels = defineMessages({
  beginner: { id: 'track.level.beginner', defaultMessage: 'Beginner' },
  intermediate: { id: 'track.level.intermediate', defaultMessage: 'Intermediate' },
  advanced: { id: 'track.level.advanced', defaultMessage: 'Advanced' },
  native: { id: 'track.level.native', defaultMessage: 'Native' },
});

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-3">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="text-ink sm:col-span-2">{children}</dd>
    </div>
  );
}

export function ApplicationDetails({
  application,
  token,
  onUpdated,
}: {
  application: ApplicationView;
  token: string;
  onUpdated: (application: ApplicationView) => void;
}) {
  const intl = useIntl();
  const says = useCatalogueText();
  const { nameOf } = useCountryNames();
  const { personalInfo: person, academicInfo: academic } = application;
  const level = levels[academic.englishLevel as keyof typeof levels];
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <h2 className="text-lg font-semibold text-ink">
          <FormattedMessage id="track.details.heading" defaultMessage="Details" />
        </h2>
        <dl className="mt-2 divide-y divide-slate-100">
          <Row label={intl.formatMessage(m.applicationId)}>
            <span dir="ltr" className="break-all font-mono text-sm">
              {application.id}
            </span>
          </Row>
          <Row label={intl.formatMessage(m.applicant)}>{person.fullName}</Row>
          <Row label={intl.formatMessage(m.program)}>{academic.program.name}</Row>
          <Row label={intl.formatMessage(m.university)}>{academic.university.name}</Row>
          <Row label={intl.formatMessage(m.studyLevel)}>{says.level(academic.studyLevel)}</Row>
          <Row label={intl.formatMessage(m.universities)}>
            <ul className="list-inside list-disc">
              {academic.selectedUniversities.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </Row>
          <Row label={intl.formatMessage(m.submitted)}>
            <FormattedDate
              value={application.submittedAt}
              day="numeric"
              month="short"
              year="numeric"
            />
          </Row>
          <Row label={intl.formatMessage(m.englishLevel)}>
            {level ? intl.formatMessage(level) : academic.englishLevel}
          </Row>
          <Row label={intl.formatMessage(m.certification)}>
            {academic.hasCertification ? (
              intl.formatMessage(m.yes)
            ) : academic.plannedTestDate ? (
              <FormattedMessage
                id="track.details.testPlanned"
                defaultMessage="No, test planned for {date}"
                values={{
                  date: intl.formatDate(new Date(`${academic.plannedTestDate}T12:00:00`), {
                    day: 'numeric',
                    month: 'short',
                    year: 'numeric',
                  }),
                }}
              />
            ) : (
              intl.formatMessage(m.no)
            )}
          </Row>
          <Row label={intl.formatMessage(m.nationality)}>{nameOf(person.nationality)}</Row>
          <Row label={intl.formatMessage(m.passport)}>
            <span dir="ltr">{person.passportNumber}</span>
          </Row>
        </dl>
      </Card>
      <div className="space-y-6">
        <Card>
          <StatusHistory updates={application.statusUpdates} />
        </Card>
        <TrackDocuments application={application} token={token} onUpdated={onUpdated} />
      </div>
    </div>
  );
}
