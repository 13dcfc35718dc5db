import { countryNames, isCountryCode } from '../../../shared/countries';
import type { ApplicationView } from '../../../shared/schemas/application';
import { Card } from '../../components/card';
import { formatDate, formatDay } from './format';
import { StatusHistory } from './status-history';
import { TrackDocuments } from './track-documents';

const country = (code: string) => (isCountryCode(code) ? countryNames[code] : code);
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

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
  const { personalInfo: person, academicInfo: academic } = application;
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <h2 className="text-lg font-semibold text-ink">Details</h2>
        <dl className="mt-2 divide-y divide-slate-100">
          <Row label="Application ID">
            <span className="break-all font-mono text-sm">{application.id}</span>
          </Row>
          <Row label="Applicant">{person.fullName}</Row>
          <Row label="Program">{academic.program.name}</Row>
          <Row label="University">{academic.university.name}</Row>
          <Row label="Study level">{academic.studyLevel}</Row>
          <Row label="Universities">
            <ul className="list-inside list-disc">
              {academic.selectedUniversities.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </Row>
          <Row label="Submitted">{formatDate(application.submittedAt)}</Row>
          <Row label="English level">{capitalise(academic.englishLevel)}</Row>
          <Row label="Certification">
            {academic.hasCertification
              ? 'Yes'
              : academic.plannedTestDate
                ? `No, test planned for ${formatDay(academic.plannedTestDate)}`
                : 'No'}
          </Row>
          <Row label="Nationality">{country(person.nationality)}</Row>
          <Row label="Passport number">{person.passportNumber}</Row>
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
