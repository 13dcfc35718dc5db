import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { consentVersion } from '../../shared/schemas/application-details.ts';

const root = path.resolve(import.meta.dirname, '../..');
const catalogue = JSON.parse(
  readFileSync(path.join(root, 'server/db/catalogue/programs.json'), 'utf8'),
) as {
  programs: { id: string; universityId: string; name: string; level: string }[];
};

export const fixturesDir = path.join(root, 'tests/fixtures/files');

/** A file from tests/fixtures/files (transcript.pdf, passport.png, certificate.jpg, not-a-pdf.pdf). */
export function fixture(name: string): { filename: string; content: Buffer } {
  return { filename: name, content: readFileSync(path.join(fixturesDir, name)) };
}

/** A real PDF header followed by `bytes` in total, for size limits. */
export function pdfOfSize(
  bytes: number,
  filename = 'large.pdf',
): { filename: string; content: Buffer } {
  const content = Buffer.alloc(bytes, 0x20);
  Buffer.from('%PDF-1.4\n').copy(content);
  return { filename, content };
}

export const sampleProgram = catalogue.programs[0]!;

/** Three picks of /universities that do not include the sample program's university. */
export const samplePicks = [
  'university-of-oxford',
  'university-of-cambridge',
  'imperial-college-london',
];

export type ApplicationFields = Record<string, string | string[]>;

/** One school as the form sends it (issue 25 §3): at least one is required. */
export const sampleEducation = {
  institution: 'University of Lagos',
  country: 'NG',
  qualification: 'BSc',
  subject: 'Computer Science',
  grade: '4.2',
  gradeScale: 'out of 5.0',
  gradeExpected: 'no',
  startYear: '2019',
  endYear: '2023',
};

/** An IELTS Academic result as the form sends it. */
export const sampleEnglishTest = {
  test: 'ieltsAcademic',
  date: '2025-06-14',
  overall: '7',
  listening: '7.5',
  reading: '7',
  writing: '6.5',
  speaking: '7',
};

/** The fields issue 25 §3 added, as the browser sends them (each list one JSON field). */
export function detailFields(): ApplicationFields {
  return {
    education: JSON.stringify([sampleEducation]),
    englishTest: JSON.stringify(sampleEnglishTest),
    referees: '[]',
    workExperience: '[]',
    personalStatementText: '',
    consent: 'yes',
    consentVersion,
  };
}

/** A valid form as the browser sends it (every value as text); a test changes only what it is about. */
export function createApplicationFields(overrides: ApplicationFields = {}): ApplicationFields {
  return {
    fullName: 'Amina Yusuf',
    dateOfBirth: '2001-04-23',
    email: `applicant-${randomUUID().slice(0, 8)}@example.test`,
    phone: '+234 803 123 4567',
    passportNumber: 'A12345678',
    nationality: 'NG',
    residencyCountry: 'NG',
    englishLevel: 'advanced',
    hasCertification: 'no',
    plannedTestDate: '',
    programId: sampleProgram.id,
    universityId: sampleProgram.universityId,
    universityIds: samplePicks,
    ...detailFields(),
    ...overrides,
  };
}

export interface UploadFile {
  key: string;
  filename: string;
  content: Buffer;
  contentType?: string;
}

/** A multipart/form-data body: fields first, then files, as the web form sends it. */
export function multipartBody(fields: ApplicationFields, files: UploadFile[] = []) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${item}\r\n`,
        ),
      );
    }
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.key}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export interface SubmitOptions {
  files?: UploadFile[];
  cookie?: string;
  idempotencyKey?: string;
}

/** POST /api/applications through inject. */
export function submitApplication(
  app: FastifyInstance,
  fields: ApplicationFields,
  options: SubmitOptions = {},
) {
  const { payload, contentType } = multipartBody(fields, options.files);
  return app.inject({
    method: 'POST',
    url: '/api/applications',
    payload,
    headers: {
      'content-type': contentType,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
  });
}

/** Submits a valid application and returns its id and the fields used. */
export async function createApplication(
  app: FastifyInstance,
  overrides: ApplicationFields = {},
  options: SubmitOptions = {},
): Promise<{ id: string; fields: ApplicationFields; email: string }> {
  const fields = createApplicationFields(overrides);
  const res = await submitApplication(app, fields, options);
  if (res.statusCode !== 201) throw new Error(`createApplication: ${res.statusCode} ${res.body}`);
  return { id: (res.json() as { id: string }).id, fields, email: fields.email as string };
}
