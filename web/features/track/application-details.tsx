import { useState } from 'react';
import { countryNames, isCountryCode } from '../../../shared/countries';
import type { ApplicationView } from '../../../shared/schemas/application';
import { Card } from '../../components/card';
import { formatSize } from '../application/file-field';
import { formatDate, formatDay } from './format';
import { StatusHistory } from './status-history';
import { downloadWithToken } from './track-api';

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

export function ApplicationDetails({ application, token }: { application: ApplicationView; token: string }) {
  const { personalInfo: person, academicInfo: academic } = application;
  const [downloadError, setDownloadError] = useState<string | null>(null);
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
        <Card>
          <h2 className="text-base font-semibold text-ink">Documents</h2>
          {application.documents.length === 0 ? (
            <p className="mt-2 text-sm text-muted">No documents uploaded.</p>
          ) : (
            <ul className="mt-2 space-y-2">
              {application.documents.map((doc) => (
                <li key={doc.key}>
                  <button
                    type="button"
                    className="text-left font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                    onClick={() => {
                      setDownloadError(null);
                      downloadWithToken(doc.url, token, doc.fileName).catch((e: Error) => setDownloadError(e.message));
                    }}
                  >
                    {doc.label}
                  </button>
                  <span className="text-sm text-muted"> · {formatSize(doc.size)}</span>
                </li>
              ))}
            </ul>
          )}
          {downloadError && (
            <p role="alert" className="mt-2 text-sm font-medium text-red-700">
              {downloadError}
            </p>
          )}
        </Card>
      </div>
    </div>
  );
}
