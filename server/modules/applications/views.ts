import type { ApplicationView } from '../../../shared/schemas/application.ts';
import { documentLabel } from '../../../shared/schemas/application.ts';
import type { ApplicationConsent } from '../../../shared/schemas/application-details.ts';
import { toCaseworkView } from '../casework/views.ts';
import { toChoiceViews } from '../choices/views.ts';
import { currentDocuments, type ApplicationRecord } from './repository.ts';

/** The last few characters kept beside the encrypted number: enough to recognise, not to copy. */
export function passportHint(passportNumber: string): string {
  return passportNumber.slice(passportNumber.length >= 8 ? -4 : -2);
}

/** Five dots whatever the length, then the hint. */
export function maskedPassport(hint: string): string {
  return `•••••${hint}`;
}

/** A slot's first file by its key; the others add `?part=` (issue 25 §3). */
export function documentUrl(applicationId: string, key: string, part = 1): string {
  return `/api/applications/${applicationId}/documents/${key}${part > 1 ? `?part=${part}` : ''}`;
}

/** One stored version, for staff only (older versions are not the applicant's to download). */
export function documentVersionUrl(applicationId: string, documentId: string): string {
  return `/api/staff/applications/${applicationId}/documents/versions/${documentId}`;
}

/** The picked names in pick order, with the program's university first when it was not picked (D2). */
export function selectedUniversities(
  record: Pick<ApplicationRecord, 'universityId' | 'universityName' | 'pickedUniversities'>,
): string[] {
  const picked = record.pickedUniversities.map((u) => u.name);
  return record.pickedUniversities.some((u) => u.id === record.universityId)
    ? picked
    : [record.universityName, ...picked];
}

export function consentOf(
  record: Pick<ApplicationRecord, 'consentAt' | 'consentVersion'>,
): ApplicationConsent | null {
  return record.consentAt && record.consentVersion
    ? { at: record.consentAt.toISOString(), version: record.consentVersion }
    : null;
}

/** The applicant's view (track page, dashboard): passport number masked, no staff details. */
export function toApplicationView(record: ApplicationRecord): ApplicationView {
  return {
    id: record.id,
    userId: record.userId,
    status: record.status,
    submittedAt: record.createdAt.toISOString(),
    lastStatusUpdate: record.lastStatusUpdate.toISOString(),
    personalInfo: {
      fullName: record.fullName,
      email: record.email,
      phone: record.phone,
      dateOfBirth: record.dateOfBirth,
      passportNumber: maskedPassport(record.passportHint),
      nationality: record.nationality,
      residencyCountry: record.residencyCountry,
    },
    academicInfo: {
      studyLevel: record.programLevel,
      program: { id: record.programId, name: record.programName },
      university: { id: record.universityId, name: record.universityName },
      selectedUniversities: selectedUniversities(record),
      englishLevel: record.englishLevel,
      hasCertification: record.hasCertification,
      plannedTestDate: record.plannedTestDate,
    },
    details: record.details,
    consent: consentOf(record),
    statusUpdates: record.events.map((e) => ({
      status: e.status,
      date: e.createdAt.toISOString(),
      note: e.note,
    })),
    documents: currentDocuments(record.documents).map((d) => ({
      key: d.key,
      label: documentLabel(d.key),
      fileName: d.originalName,
      contentType: d.contentType,
      size: d.size,
      url: documentUrl(record.id, d.key, d.part),
      part: d.part,
      version: d.version,
      uploadedAt: d.createdAt.toISOString(),
      state: d.state,
      rejectionReason: d.state === 'rejected' ? d.rejectionReason : null,
    })),
    casework: toCaseworkView(record),
    choices: toChoiceViews(record.id, record.choices, record.outcome === null),
  };
}
