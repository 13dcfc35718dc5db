import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationDocuments, applications } from '../../db/schema/index.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import {
  createApplicationFields,
  fixture,
  sampleEducation,
  sampleEnglishTest,
  submitApplication,
  type ApplicationFields,
} from '../../../tests/factories/application.ts';
import { countApplicationRows } from '../../../tests/factories/application-storage.ts';
import { createStaff } from '../../../tests/factories/staff.ts';
import { consentVersion } from '../../../shared/schemas/application-details.ts';

const ctx = useTestApp();

/** Sends the form and expects a 400 naming `field`, with nothing stored; returns the field's code. */
async function refused(overrides: ApplicationFields, field: string) {
  const before = await countApplicationRows(ctx.app);
  const res = await submitApplication(ctx.app, createApplicationFields(overrides));
  expect(res.statusCode, `${JSON.stringify(overrides).slice(0, 200)} → ${res.body}`).toBe(400);
  const error = res.json().error as { code: string; issues?: Record<string, { code: string }> };
  expect(error.code).toBe('VALIDATION_FAILED');
  expect(Object.keys(error.issues ?? {}), res.body).toContain(field);
  expect(await countApplicationRows(ctx.app)).toEqual(before);
  return error.issues![field]!;
}

const englishTest = (values: Record<string, string | number>) => ({
  englishTest: JSON.stringify({ ...sampleEnglishTest, ...values }),
});

describe('issue 25 §3: an application a university would accept', () => {
  it('stores education, the English test, referees, work, the statement, the consent and several files per slot', async () => {
    const before = Date.now();
    const education = [
      sampleEducation,
      {
        ...sampleEducation,
        institution: 'King’s College Lagos',
        qualification: 'WAEC',
        grade: 'A1',
        gradeScale: 'WAEC grades',
        startYear: '2013',
        endYear: '2019',
      },
    ];
    const referees = [
      {
        name: 'Dr Ada Obi',
        role: 'Lecturer',
        institution: 'University of Lagos',
        email: 'ada.obi@unilag.example',
      },
    ];
    const work = [
      { employer: 'Andela', role: 'Intern', startYear: '2022', endYear: '', description: '' },
    ];
    const res = await submitApplication(
      ctx.app,
      createApplicationFields({
        education: JSON.stringify(education),
        referees: JSON.stringify(referees),
        workExperience: JSON.stringify(work),
        personalStatementText: 'I want to build compilers.',
      }),
      {
        files: [
          { key: 'transcripts', ...fixture('transcript.pdf'), filename: 'transcript.pdf' },
          { key: 'transcripts', ...fixture('certificate.jpg'), filename: 'degree-certificate.jpg' },
          { key: 'passportCopy', ...fixture('passport.png') },
        ],
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: string };
    const [row] = await ctx.app.db.select().from(applications).where(eq(applications.id, id));
    expect(row!.details).toEqual({
      education: [
        { ...sampleEducation, gradeExpected: false, startYear: 2019, endYear: 2023 },
        { ...education[1], gradeExpected: false, startYear: 2013, endYear: 2019 },
      ],
      englishTest: {
        test: 'ieltsAcademic',
        date: '2025-06-14',
        overall: 7,
        listening: 7.5,
        reading: 7,
        writing: 6.5,
        speaking: 7,
      },
      referees,
      workExperience: [{ employer: 'Andela', role: 'Intern', startYear: 2022 }],
      personalStatementText: 'I want to build compilers.',
    });
    expect(row!.consentVersion).toBe(consentVersion);
    expect(row!.consentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.consentAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const documents = await ctx.app.db
      .select()
      .from(applicationDocuments)
      .where(eq(applicationDocuments.applicationId, id))
      .orderBy(asc(applicationDocuments.key), asc(applicationDocuments.part));
    expect(documents.map((d) => [d.key, d.part, d.originalName, d.contentType])).toEqual([
      ['passportCopy', 1, 'passport.png', 'image/png'],
      ['transcripts', 1, 'transcript.pdf', 'application/pdf'],
      ['transcripts', 2, 'degree-certificate.jpg', 'image/jpeg'],
    ]);

    // staff see all of it on the case page, with the program's IELTS requirement to compare
    const staff = await createStaff(ctx.app);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/staff/applications/${id}`,
      headers: { cookie: staff.cookie },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.headers['cache-control']).toContain('no-store');
    const application = detail.json().application;
    expect(application.details).toEqual(row!.details);
    expect(application.consent).toEqual({
      at: row!.consentAt!.toISOString(),
      version: consentVersion,
    });
    expect(application.englishRequirement).toEqual({
      overall: expect.any(Number),
      part: expect.any(Number),
    });
    const staffDocs = detail.json().documents as {
      key: string;
      part: number;
      originalName: string;
      url: string;
    }[];
    expect(
      staffDocs.filter((d) => d.key === 'transcripts').map((d) => [d.part, d.originalName]),
    ).toEqual([
      [1, 'transcript.pdf'],
      [2, 'degree-certificate.jpg'],
    ]);
    const second = staffDocs.find((d) => d.part === 2)!;
    const download = await ctx.app.inject({
      method: 'GET',
      url: second.url,
      headers: { cookie: staff.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    // the applicant's own link to the second file of the slot
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/applications/${id}/documents/transcripts?part=2`,
      headers: { cookie: staff.cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses an application without education, consent or the current consent wording', async () => {
    expect(await refused({ education: '[]' }, 'education')).toEqual({ code: 'EDUCATION_REQUIRED' });
    expect(await refused({ education: '' }, 'education')).toEqual({ code: 'EDUCATION_REQUIRED' });
    expect(await refused({ consent: 'no' }, 'consent')).toEqual({ code: 'CONSENT_REQUIRED' });
    expect(await refused({ consentVersion: '2020-01-01' }, 'consentVersion')).toEqual({
      code: 'CONSENT_OUTDATED',
    });
    expect(
      await refused(
        { education: JSON.stringify([{ ...sampleEducation, startYear: '2023', endYear: '2019' }]) },
        'education.0.endYear',
      ),
    ).toEqual({ code: 'END_BEFORE_START' });
    expect(
      (
        await refused(
          { education: JSON.stringify([{ ...sampleEducation, institution: ' ' }]) },
          'education.0.institution',
        )
      ).code,
    ).toBe('too_small');
  });

  it('checks each test’s scores against its own scale', async () => {
    const cases: [
      string,
      Record<string, string | number>,
      string,
      string,
      Record<string, number>?,
    ][] = [
      ['ieltsAcademic', { overall: 9.5 }, 'overall', 'SCORE_OUT_OF_RANGE', { min: 0, max: 9 }],
      ['ieltsUkvi', { reading: 6.25 }, 'reading', 'SCORE_STEP', { step: 0.5 }],
      [
        'pteAcademic',
        { overall: 65, listening: 9, reading: 60, writing: 60, speaking: 60 },
        'listening',
        'SCORE_OUT_OF_RANGE',
        { min: 10, max: 90 },
      ],
      [
        'toeflIbt',
        { overall: 121, listening: 25, reading: 25, writing: 25, speaking: 25 },
        'overall',
        'SCORE_OUT_OF_RANGE',
        { min: 0, max: 120 },
      ],
      [
        'toeflIbt',
        { overall: 100, listening: 31, reading: 25, writing: 25, speaking: 19 },
        'listening',
        'SCORE_OUT_OF_RANGE',
        { min: 0, max: 30 },
      ],
      [
        'duolingo',
        { overall: 122, listening: 120, reading: 120, writing: 120, speaking: 120 },
        'overall',
        'SCORE_STEP',
        { step: 5 },
      ],
      [
        'duolingo',
        { overall: 165, listening: 120, reading: 120, writing: 120, speaking: 120 },
        'overall',
        'SCORE_OUT_OF_RANGE',
        { min: 10, max: 160 },
      ],
      [
        'cambridge',
        { overall: 79, listening: 180, reading: 180, writing: 180, speaking: 180 },
        'overall',
        'SCORE_OUT_OF_RANGE',
        { min: 80, max: 230 },
      ],
      [
        'languageCert',
        { overall: 101, listening: 70, reading: 70, writing: 70, speaking: 70 },
        'overall',
        'SCORE_OUT_OF_RANGE',
        { min: 0, max: 100 },
      ],
      ['ieltsAcademic', { writing: '' }, 'writing', 'SCORE_REQUIRED'],
      ['ieltsAcademic', { date: '2999-01-01' }, 'date', 'TEST_TAKEN_IN_FUTURE'],
    ];
    for (const [test, values, field, code, params] of cases) {
      const issue = await refused(englishTest({ test, ...values }), `englishTest.${field}`);
      expect(issue, `${test} ${JSON.stringify(values)}`).toEqual(
        params ? { code, params } : { code },
      );
    }
    // the top of each scale is accepted, and "none yet" needs no scores
    for (const values of <Record<string, string | number>[]>[
      { test: 'pteAcademic', overall: 90, listening: 10, reading: 90, writing: 90, speaking: 90 },
      { test: 'toeflIbt', overall: 120, listening: 30, reading: 30, writing: 30, speaking: 0 },
      { test: 'duolingo', overall: 160, listening: 10, reading: 155, writing: 150, speaking: 145 },
      { test: 'cambridge', overall: 230, listening: 80, reading: 230, writing: 200, speaking: 199 },
      {
        test: 'none',
        date: '',
        overall: '',
        listening: '',
        reading: '',
        writing: '',
        speaking: '',
      },
    ]) {
      const res = await submitApplication(ctx.app, createApplicationFields(englishTest(values)));
      expect(res.statusCode, `${values.test}: ${res.body}`).toBe(201);
    }
    expect(await refused({ englishTest: '' }, 'englishTest')).toMatchObject({
      code: 'ENGLISH_TEST_REQUIRED',
    });
    expect((await refused(englishTest({ test: 'toeic' }), 'englishTest.test')).code).toBe(
      'ENGLISH_TEST_REQUIRED',
    );
  });

  it('answers hostile input with a clear 4xx and stores nothing', async () => {
    const before = await countApplicationRows(ctx.app);
    // 50 entries
    const fifty = Array.from({ length: 50 }, () => sampleEducation);
    expect(await refused({ education: JSON.stringify(fifty) }, 'education')).toMatchObject({
      code: 'TOO_MANY_ENTRIES',
      params: { maximum: 8 },
    });
    const referees = Array.from({ length: 3 }, () => ({
      name: 'A',
      role: 'B',
      institution: 'C',
      email: 'a@example.com',
    }));
    expect((await refused({ referees: JSON.stringify(referees) }, 'referees')).code).toBe(
      'TOO_MANY_ENTRIES',
    );
    // wrong types: a string for the list, a number for a name, an object for the statement, broken JSON
    expect((await refused({ education: '"Oxford"' }, 'education')).code).toBe('invalid_type');
    expect((await refused({ education: '{"broken": ' }, 'education')).code).toBe('invalid_type');
    expect(
      (
        await refused(
          { education: JSON.stringify([{ ...sampleEducation, institution: 42 }]) },
          'education.0.institution',
        )
      ).code,
    ).toBe('invalid_type');
    expect(
      (
        await refused(
          { education: JSON.stringify([{ ...sampleEducation, admin: true }]) },
          'education.0.admin',
        )
      ).code,
    ).toBe('unrecognized_keys');
    expect((await refused(englishTest({ overall: 'seven' }), 'englishTest.overall')).code).toBe(
      'SCORE_REQUIRED',
    );
    expect(
      (await refused({ personalStatementText: 'x'.repeat(4001) }, 'personalStatementText')).code,
    ).toBe('STATEMENT_TOO_LONG');
    // huge: a field past 48 KB is cut by the reader and refused
    const huge = await submitApplication(
      ctx.app,
      createApplicationFields({ personalStatementText: 'x'.repeat(60 * 1024) }),
    );
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.code).toBe('VALIDATION_FAILED');
    // NUL bytes inside the JSON of a list, and escaped as \u0000 (PostgreSQL stores neither)
    const nul = await submitApplication(
      ctx.app,
      createApplicationFields({
        education: JSON.stringify([{ ...sampleEducation, institution: 'Oxford\0' }]),
      }),
    );
    expect(nul.statusCode).toBe(400);
    const escapedNul = await submitApplication(
      ctx.app,
      createApplicationFields({
        education: JSON.stringify([sampleEducation]).replace('University of Lagos', 'Lagos\\u0000'),
      }),
    );
    expect(escapedNul.statusCode, escapedNul.body).toBe(400);
    expect(await countApplicationRows(ctx.app)).toEqual(before);
  });
});
