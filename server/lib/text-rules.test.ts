import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/test-app.ts';
import { createApplication } from '../../tests/factories/application.ts';
import { createStaff } from '../../tests/factories/staff.ts';
import { uniqueEmail } from '../../tests/factories/user.ts';
import { applications, programs, universities } from '../db/schema/index.ts';
import { programsCsv, templateExample } from '../modules/catalogue-admin/csv-import.ts';
import { hasUnstorableCharacter } from '../../shared/text-safety.ts';

/** Issue 22 findings 11 and 12: text the portal refuses, the same way on every path it comes in by. */
const ctx = useTestApp();

const errorOf = (res: { json: <T>() => T }) =>
  res.json<{ error: { code: string; message: string; fields?: Record<string, string> } }>().error;

async function asAdmin(
  method: 'POST',
  url: string,
  payload: string | object,
  contentType?: string,
) {
  const admin = await createStaff(ctx.app, 'admin');
  return ctx.app.inject({
    method,
    url,
    headers: {
      origin: ctx.app.config.publicUrl,
      cookie: admin.cookie,
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    payload,
  });
}

const importCsv = (csv: string, apply: boolean) =>
  asAdmin('POST', `/api/staff/catalogue/import?apply=${apply ? 1 : 0}`, csv, 'text/csv');

const newProgram = (name = 'MSc Imported') => ({
  ...templateExample,
  id: `msc-text-rules-${crypto.randomUUID().slice(0, 8)}`,
  name,
});

describe('unstorable characters (finding 11)', () => {
  it('finds NUL and lone surrogates, and lets paired surrogates (emoji) through', () => {
    expect(hasUnstorableCharacter('a\u0000b')).toBe(true);
    expect(hasUnstorableCharacter('\ud800')).toBe(true);
    expect(hasUnstorableCharacter('x\udfffy')).toBe(true);
    expect(hasUnstorableCharacter('Zoë 👩🏽‍🎓 جامعة')).toBe(false);
  });

  it.each([false, true])(
    'a NUL in a CSV cell: the dry run refuses it as applying does (apply %s), naming the line',
    async (apply) => {
      const program = newProgram();
      const csv = programsCsv([program]).replace('MSc Imported', 'MSc Imp\u0000orted');
      const res = await importCsv(csv, apply);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'CSV_INVALID' });
      expect(errorOf(res).message).toContain('Line 2');
      const stored = await ctx.app.db.select().from(programs).where(eq(programs.id, program.id));
      expect(stored).toEqual([]);
    },
  );

  it('a lone surrogate in a program’s JSON is refused as a NUL is, and nothing is stored', async () => {
    const program = newProgram('MSc \ud800');
    const res = await asAdmin('POST', '/api/staff/catalogue/programs', program);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('INVALID_CHARACTER');
    const stored = await ctx.app.db.select().from(programs).where(eq(programs.id, program.id));
    expect(stored).toEqual([]);
  });
});

describe('a CSV header names each column once (finding 12)', () => {
  it('refuses a repeated column, in the dry run and on applying, and names it', async () => {
    const csv = programsCsv([newProgram()]);
    const [header, ...rest] = csv.split('\r\n');
    const repeated = [
      `${header},name`,
      ...rest.map((line) => (line ? `${line},Other` : line)),
    ].join('\r\n');
    for (const apply of [false, true]) {
      const res = await importCsv(repeated, apply);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'CSV_INVALID' });
      expect(errorOf(res).message).toMatch(/name appears more than once/);
    }
  });
});

describe('bidi controls in display names (finding 12)', () => {
  const rlo = 'Oxford\u202Egnp.exe';

  it.each([
    ['right-to-left override', '\u202E'],
    ['left-to-right embedding', '\u202A'],
    ['first-strong isolate', '\u2068'],
    ['pop directional isolate', '\u2069'],
  ])('a university name with a %s is refused, as the console shows it', async (_name, control) => {
    const id = `university-of-bidi-${crypto.randomUUID().slice(0, 8)}`;
    const res = await asAdmin('POST', '/api/staff/catalogue/universities', {
      id,
      name: `University ${control}of York`,
      location: 'York',
      region: 'Yorkshire and the Humber',
      website: 'https://www.york.example.ac.uk/',
      ranking: 42,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({
      name: 'A name cannot contain text-direction control characters',
    });
    expect(await ctx.app.db.select().from(universities).where(eq(universities.id, id))).toEqual([]);
  });

  it('a program name with one is refused by the form and by a CSV row alike', async () => {
    const program = newProgram(rlo);
    const form = await asAdmin('POST', '/api/staff/catalogue/programs', program);
    expect(form.statusCode).toBe(400);
    expect(errorOf(form).fields?.name).toBe(
      'A name cannot contain text-direction control characters',
    );
    const dryRun = await importCsv(programsCsv([program]), false);
    expect(dryRun.statusCode).toBe(200);
    expect(dryRun.json<{ errors: { line: number; errors: string[] }[] }>().errors).toEqual([
      {
        line: 2,
        id: program.id,
        errors: ['name: A name cannot contain text-direction control characters'],
      },
    ]);
  });

  it('an invited colleague’s name with one is refused', async () => {
    const res = await asAdmin('POST', '/api/staff/team/invitations', {
      email: uniqueEmail('invitee'),
      name: rlo,
      role: 'consultant',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.name).toBe('Name cannot contain text-direction control characters');
  });

  it('an applicant’s name keeps its letters and loses the controls, so staff read it as typed', async () => {
    const { id } = await createApplication(ctx.app, { fullName: 'Amina \u202EYusuf\u202C' });
    const [row] = await ctx.app.db
      .select({ fullName: applications.fullName })
      .from(applications)
      .where(eq(applications.id, id));
    expect(row!.fullName).toBe('Amina Yusuf');
  });
});
