import { describe, expect, it } from 'vitest';
import { registerAccount, signInByApi } from './auth-helpers.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser, type E2ePage } from './browser.ts';

const { open, baseUrl } = useBrowser();

/** A registered account given a staff role by the test-only fixture route, signed in at `at`. */
async function staffAt(
  role: 'admin' | 'catalogue_editor',
  at: string,
  viewport: 'phone' | 'desktop' = 'desktop',
): Promise<E2ePage> {
  const { email, password } = await registerAccount();
  const made = await fetch(`${baseUrl}/api/test/staff-role`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, role }),
  });
  expect(made.status).toBe(204);
  const staff = await open('/', viewport);
  // Staff need a second factor (issue 10): the fixture account sets one up through the API.
  await signInByApi(staff.context.request, email, password, { enroll: true });
  await staff.page.goto(at);
  return staff;
}

describe('the catalogue console', () => {
  it("an admin adds a program and a visitor's open /programs shows it within seconds, with no reload", async () => {
    const visitor = await open('/programs?q=zephyrology');
    await visitor.page
      .getByText(/No programs match/i)
      .first()
      .waitFor();

    const admin = await staffAt('admin', '/staff/catalogue/programs/new');
    const form = admin.page;
    await form.getByRole('heading', { name: 'Add a program', level: 1 }).waitFor();
    await form.getByLabel('Id').fill('msc-zephyrology-leeds');
    await form.getByLabel('University').selectOption('university-of-leeds');
    await form.getByLabel('Name', { exact: true }).fill('MSc Zephyrology');
    await form.getByLabel('Tuition (GBP per year, international)').fill('29,950');
    await form.getByLabel('Academic level').fill('2:1');
    await form.getByLabel('Intakes').fill('September:2027-06-30; January');
    await form.getByLabel('Business').check();
    await form
      .getByLabel('Entry requirements (as shown to students)')
      .fill('A 2:1 degree. IELTS 6.5 overall with no component below 6.0.');
    await form.getByLabel('ATAS certificate needed').check();
    await screenshot(form, 'catalogue-program-form-1280');
    await expectNoSeriousAxeViolations(form);
    await form.getByRole('button', { name: 'Add program' }).click();
    await form
      .getByRole('status')
      .getByText(/MSc Zephyrology is saved/)
      .waitFor();
    const saved = await admin.context.request.get(
      '/api/staff/catalogue/programs/msc-zephyrology-leeds',
    );
    expect(((await saved.json()) as { atasRequired: boolean }).atasRequired).toBe(true);

    // the visitor's page, never reloaded, fetches again on the server's change event
    const row = visitor.page.getByText('MSc Zephyrology');
    await row.first().waitFor({ timeout: 10_000 });
    await visitor.page.getByText('£29,950 per year').first().waitFor();
    expect(visitor.problems).toEqual([]);
    expect(admin.problems).toEqual([]);

    // the e2e server is shared: the next specs (guidance counts its results) see the catalogue as seeded
    const removed = await admin.context.request.post(
      '/api/staff/catalogue/programs/msc-zephyrology-leeds/active',
      {
        data: { active: false },
        headers: { origin: baseUrl },
      },
    );
    expect(removed.status()).toBe(200);
    await visitor.page
      .getByText('MSc Zephyrology')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('shows field errors from the shared schema, then the program list and the import page', async () => {
    const admin = await staffAt('admin', '/staff/catalogue/programs/new', 'phone');
    await admin.page.getByRole('button', { name: 'Add program' }).click();
    await admin.page.getByText('Enter an id').first().waitFor();
    await screenshot(admin.page, 'catalogue-program-errors-390');
    await expectNoSeriousAxeViolations(admin.page);
    await admin.page.goto('/staff/catalogue/csv');
    await admin.page.getByRole('heading', { name: 'Import and export programs' }).waitFor();
    await admin.page.getByLabel('CSV file').setInputFiles({
      name: 'programs.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('id,name\nx,y\n'),
    });
    await admin.page.getByRole('button', { name: 'Dry run' }).click();
    await admin.page.getByText(/Missing columns: university_id/).waitFor();
    await screenshot(admin.page, 'catalogue-import-390');
    await expectNoSeriousAxeViolations(admin.page);
  });

  it('a catalogue editor edits the catalogue but cannot see or use the team', async () => {
    const editor = await staffAt('catalogue_editor', '/staff');
    const nav = editor.page.getByRole('navigation', { name: 'Staff console' });
    await nav.getByRole('link', { name: 'Catalogue' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Team' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Applications' }).count()).toBe(0);

    await editor.page.goto('/staff/catalogue/costs');
    await editor.page.getByRole('heading', { name: 'Cost of study figures' }).waitFor();
    const add = editor.page.getByRole('region', { name: 'Add a figure' });
    await add.getByLabel('Figure').selectOption('visa-fee');
    await add.getByLabel('Amount (GBP)').fill('524');
    await add.getByLabel('Effective from').fill('2025-04-09');
    await add.getByLabel('Source', { exact: true }).fill('gov.uk, Visa fees (e2e)');
    await add.getByRole('button', { name: 'Add figure' }).click();
    await editor.page.getByText(/Saved\. Programs, compare and guidance/).waitFor();
    await screenshot(editor.page, 'catalogue-costs-1280');
    await expectNoSeriousAxeViolations(editor.page);

    const team = await editor.context.request.get('/api/staff/team');
    expect(team.status()).toBe(403);
    await editor.page.goto('/staff/team');
    await editor.page.getByRole('heading', { name: 'We couldn’t find that page' }).waitFor();
  });

  it('a catalogue editor adds, renames and deactivates a subject category; the public list follows at once', async () => {
    const name = `Marine E2e ${Date.now() % 100_000}`;
    const publicList = async () =>
      (
        (await (await fetch(`${baseUrl}/api/catalogue/categories`)).json()) as {
          categories: string[];
        }
      ).categories;
    const editor = await staffAt('catalogue_editor', '/staff/catalogue/categories', 'phone');
    const page = editor.page;
    await page.getByRole('heading', { name: 'Subject categories', level: 1 }).waitFor();
    const add = page.getByRole('region', { name: 'Add a category' });
    await add.getByRole('button', { name: 'Add category' }).click();
    await add.getByText('Enter a name').waitFor();
    await add.getByLabel('Name').fill(name);
    await add.getByRole('button', { name: 'Add category' }).click();
    await page.getByRole('status').getByText(`${name} is added`).waitFor();
    expect(await publicList()).toContain(name);
    // /programs offers it as a filter from the first paint, and follows each change with no reload
    const visitor = await open('/programs');
    const categoryChips = visitor.page.getByRole('group', { name: 'Category' });
    await categoryChips.getByRole('button', { name, exact: true }).waitFor();
    await screenshot(page, 'catalogue-categories-390');
    await expectNoSeriousAxeViolations(page);
    await screenshot(visitor.page, 'programs-category-chips-1280');
    await visitor.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(visitor.page, 'programs-category-chips-390');
    expect(
      await visitor.page.evaluate(
        () => document.scrollingElement!.scrollWidth <= window.innerWidth,
      ),
    ).toBe(true);

    await page.getByRole('button', { name: `Rename ${name}` }).click();
    await page.getByLabel(`New name for ${name}`).fill(`${name} Science`);
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('status').getByText(`Renamed to ${name} Science`).waitFor();
    expect(await publicList()).toContain(`${name} Science`);
    await categoryChips.getByRole('button', { name: `${name} Science` }).waitFor();

    await page.getByRole('button', { name: `Deactivate ${name} Science` }).click();
    await page.getByRole('status').getByText(`${name} Science is deactivated`).waitFor();
    expect(await publicList()).not.toContain(`${name} Science`);
    await expect
      .poll(() => categoryChips.getByRole('button', { name: `${name} Science` }).count())
      .toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'catalogue-categories-1280');
    await expectNoSeriousAxeViolations(page);
    expect(editor.problems).toEqual([]);
  });

  it('two editors on one program: the later save shows what the first changed, takes it into the fields it did not touch, and erases nothing (issue 25 §2)', async () => {
    const first = await staffAt('catalogue_editor', '/staff/catalogue/programs/new');
    const a = first.page;
    await a.getByRole('heading', { name: 'Add a program', level: 1 }).waitFor();
    await a.getByLabel('Id').fill('msc-aerology-leeds');
    await a.getByLabel('University').selectOption('university-of-leeds');
    await a.getByLabel('Name', { exact: true }).fill('MSc Aerology');
    await a.getByLabel('Tuition (GBP per year, international)').fill('29950');
    await a.getByLabel('Academic level').fill('2:1');
    await a.getByLabel('Business').check();
    await a
      .getByLabel('Entry requirements (as shown to students)')
      .fill('A 2:1 degree. IELTS 6.5 overall with no component below 6.0.');
    await a.getByRole('button', { name: 'Add program' }).click();
    await a
      .getByRole('status')
      .getByText(/MSc Aerology is saved/)
      .waitFor();
    // off the public site at once: the e2e server is shared with the public pages' specs
    const hidden = await first.context.request.post(
      '/api/staff/catalogue/programs/msc-aerology-leeds/active',
      { data: { active: false }, headers: { origin: baseUrl } },
    );
    expect(hidden.status()).toBe(200);

    // both open the program; the first saves a new tuition, the second has changed the level
    await a.reload();
    await a.getByRole('heading', { name: 'Edit MSc Aerology', level: 1 }).waitFor();
    const second = await staffAt(
      'catalogue_editor',
      '/staff/catalogue/programs/msc-aerology-leeds',
    );
    const b = second.page;
    await b.getByRole('heading', { name: 'Edit MSc Aerology', level: 1 }).waitFor();
    await a.getByLabel('Tuition (GBP per year, international)').fill('31000');
    await a.getByRole('button', { name: 'Save changes' }).click();
    await a
      .getByRole('status')
      .getByText(/MSc Aerology is saved/)
      .waitFor();
    await b.getByLabel('Academic level').fill('First-class honours');
    await b.getByRole('button', { name: 'Save changes' }).click();

    const warning = b
      .getByRole('status')
      .filter({ hasText: 'Someone else saved this entry meanwhile' });
    await warning.getByText('Tuition: now “31000”').waitFor();
    // only what the colleague changed is listed, not this editor's own change
    expect(await warning.getByText(/Academic level/).count()).toBe(0);
    expect(await b.getByLabel('Tuition (GBP per year, international)').inputValue()).toBe('31000');
    expect(await b.getByLabel('Academic level').inputValue()).toBe('First-class honours');
    await screenshot(b, 'catalogue-changed-meanwhile-1280');
    await expectNoSeriousAxeViolations(b);

    await b.getByRole('button', { name: 'Save changes' }).click();
    await b
      .getByRole('status')
      .getByText(/MSc Aerology is saved/)
      .waitFor();
    const stored = await (
      await second.context.request.get('/api/staff/catalogue/programs/msc-aerology-leeds')
    ).json();
    expect(stored).toMatchObject({ tuitionGbp: 31000, academicLevel: 'First-class honours' });
    expect(first.problems).toEqual([]);
    expect(second.problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
  });
  it('a catalogue editor rewrites a Latest Update in Arabic and the Arabic home page shows it; every field is labelled and written in its own direction (issue 26 §3)', async () => {
    const editor = await staffAt('catalogue_editor', '/staff/catalogue/site-texts');
    const { page } = editor;
    await page.getByRole('heading', { name: 'Site texts', level: 1 }).waitFor();
    const visa = page.getByRole('region', { name: 'Visa' });
    const arabicTitle = visa.getByLabel('Title in Arabic');
    expect(await arabicTitle.getAttribute('dir')).toBe('rtl');
    expect(await visa.getByLabel('Title in English').getAttribute('dir')).toBe('ltr');
    await arabicTitle.fill('');
    await visa.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => visa.getByText('Enter the title in Arabic').count()).toBe(1);
    await arabicTitle.fill('تأشيرة الطالب: ما الجديد هذا الشتاء');
    await visa.getByRole('button', { name: 'Save' }).click();
    await visa.getByText('Saved: the site shows it now.').waitFor();
    await screenshot(page, 'catalogue-site-texts-1280');
    await expectNoSeriousAxeViolations(page);

    const reader = await open('/?lang=ar', 'phone');
    const updates = reader.page.getByRole('region', { name: 'آخر المستجدات' });
    await expect
      .poll(() =>
        updates.getByRole('heading', { name: 'تأشيرة الطالب: ما الجديد هذا الشتاء' }).count(),
      )
      .toBe(1);

    const phone = await staffAt('admin', '/staff/catalogue/site-texts', 'phone');
    await phone.page.getByRole('region', { name: 'Visa' }).getByLabel('Title in Arabic').waitFor();
    expect(
      await phone.page
        .getByRole('region', { name: 'Visa' })
        .getByLabel('Title in Arabic')
        .inputValue(),
    ).toBe('تأشيرة الطالب: ما الجديد هذا الشتاء');
    await screenshot(phone.page, 'catalogue-site-texts-390');
    await expectNoSeriousAxeViolations(phone.page);
    expect(editor.problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
    expect(reader.problems).toEqual([]);
  });
});
