import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';
import {
  changeStatusOnServer,
  chooseInStorage,
  fillApplicationForm,
  journey,
} from './application-helpers.ts';
import { newEmail } from './auth-helpers.ts';
import { linkIn, waitForMail } from './outbox.ts';

const browser = useBrowser();

describe('applying and tracking', () => {
  it('pick 3 -> program -> Apply Now -> form with a PDF -> confirmation -> track page follows a status change live', async () => {
    const { page, problems } = await browser.open('/universities');
    for (const name of journey.picks) await page.getByRole('button', { name, exact: true }).click();
    await page.getByRole('link', { name: /Continue to Programs/ }).click();
    await page.waitForURL(/\/programs\?picks=/);
    await page.getByRole('button', { name: new RegExp(`^${journey.programName}`) }).click();
    await page.getByRole('button', { name: `Apply Now for ${journey.programName}` }).click();
    await page.waitForURL('**/application');

    await page.getByText('You are applying for').waitFor();
    await page.getByText(journey.programName, { exact: true }).waitFor();
    expect(await page.getByRole('radio', { name: 'No' }).isChecked()).toBe(true);
    await page.getByLabel('Planned test date (optional)').waitFor();
    const email = newEmail('applicant');
    await fillApplicationForm(page, { fullName: 'Amina Yusuf', email, file: 'transcript.pdf' });
    await page.getByText('transcript.pdf').waitFor();
    await screenshot(page, 'application-form-1280');
    await expectNoSeriousAxeViolations(page);

    // hold the upload until the busy state has been seen
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // by path: the form posts to /api/applications?lang=…, which a '**/api/applications' glob misses
    const applicationsPost = (url: URL) => url.pathname === '/api/applications';
    await page.route(applicationsPost, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit application' }).click();
    const busy = page.getByRole('button', { name: 'Submitting...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await page.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    release();
    await page.getByRole('heading', { name: 'Application submitted' }).waitFor();
    await page.unroute(applicationsPost);
    const applicationId = (await page.getByTestId('application-id').textContent())!.trim();
    expect(applicationId).toMatch(/^[0-9a-f-]{36}$/);
    await screenshot(page, 'application-submitted-1280');
    const mail = await waitForMail(email, /received your application/i);
    expect(mail.text).toContain(applicationId);

    await page.getByRole('link', { name: 'Track this application' }).click();
    await page.waitForURL('**/track');
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
    await page
      .getByText('Your application has been successfully submitted and is being processed.')
      .waitFor();
    const progress = page.getByRole('progressbar', { name: 'Application progress' });
    expect(await progress.getAttribute('aria-valuenow')).toBe('20');
    await page.getByRole('button', { name: 'Transcripts' }).waitFor();
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    await changeStatusOnServer(applicationId, 'reviewed', 'Your documents are complete.');
    await page.getByText('Your application is being reviewed by the admissions team.').waitFor();
    await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe('40');
    await page.getByText('Your documents are complete.').waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    await screenshot(page, 'track-1280');
    await expectNoSeriousAxeViolations(page);
    expect(problems).toEqual([]);
  });

  it('checks fields beside them, focuses the first, shows a server refusal in a red banner and keeps what was typed', async () => {
    const { page, problems } = await browser.open('/', 'phone');
    await chooseInStorage(page);
    await page.goto('/application');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByText('Full name is required').waitFor();
    await page.getByText('Date of birth is required').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('fullName');

    await page.getByLabel('Date of birth').fill('2099-01-01');
    await fillApplicationForm(page, {
      fullName: 'Kwame Mensah',
      email: newEmail('applicant'),
      file: 'not-a-pdf.pdf',
    });
    await page.getByLabel('Date of birth').fill('2099-01-01');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByText('Date of birth cannot be in the future').waitFor();
    await page.getByLabel('Date of birth').fill('2001-04-23');

    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByLabel('Certification (optional)').waitFor();
    await page.getByRole('radio', { name: 'No' }).check();
    await page.getByRole('button', { name: 'Submit application' }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'Your application was not sent' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Transcripts must be a PDF, JPG or PNG file');
    expect(await page.getByLabel('Full name').inputValue()).toBe('Kwame Mensah');
    expect(await page.getByRole('button', { name: 'Submit application' }).isEnabled()).toBe(true);
    await screenshot(page, 'application-error-390');
    await expectNoSeriousAxeViolations(page);
    // the 415 answer is logged by the browser as a failed request; nothing else may be
    expect(problems.filter((p) => !p.includes('415'))).toEqual([]);
  });

  it('offers a way to choose a program when none is chosen', async () => {
    const { page, problems } = await browser.open('/application', 'phone');
    await page.getByRole('heading', { name: 'Choose a program to apply for' }).waitFor();
    expect(await page.getByRole('link', { name: 'Browse programs' }).getAttribute('href')).toBe(
      '/programs',
    );
    expect(await page.getByRole('link', { name: 'Pick universities' }).getAttribute('href')).toBe(
      '/universities',
    );
    await screenshot(page, 'application-no-program-390');
    await expectNoSeriousAxeViolations(page);
    expect(problems).toEqual([]);
  });
});

describe('/track on its own', () => {
  it('opens from the e-mailed link and removes the token from the address bar', async () => {
    const { page, problems } = await browser.open('/', 'phone');
    await chooseInStorage(page);
    await page.goto('/application');
    const email = newEmail('applicant');
    await fillApplicationForm(page, { fullName: 'Linh Tran', email });
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByRole('heading', { name: 'Application submitted' }).waitFor();

    const link = linkIn(await waitForMail(email, /received your application/i));
    const { page: fresh, problems: freshProblems } = await browser.open(
      new URL(link).pathname + new URL(link).hash,
      'phone',
    );
    await fresh.getByRole('status').filter({ hasText: 'Live' }).waitFor();
    await fresh.getByText(journey.programName).first().waitFor();
    expect(fresh.url()).not.toContain('#');
    await screenshot(fresh, 'track-390');
    expect(problems).toEqual([]);
    expect(freshProblems).toEqual([]);
  });

  it('shows Error and a lookup form without state, the same answer for a wrong e-mail, then the application', async () => {
    const { page, problems } = await browser.open('/', 'desktop');
    await chooseInStorage(page);
    await page.goto('/application');
    const email = newEmail('applicant');
    await fillApplicationForm(page, { fullName: 'Sara Haddad', email });
    await page.getByRole('button', { name: 'Submit application' }).click();
    const applicationId = (await page.getByTestId('application-id').textContent())!.trim();

    const { page: track, problems: trackProblems } = await browser.open('/track');
    await track.getByRole('heading', { name: 'Error' }).waitFor();
    await track.getByText('Application not found. Please check your tracking details.').waitFor();
    await track.getByLabel('Application ID').fill(applicationId);
    await track.getByLabel('Email').fill('someone.else@example.test');
    await track.getByRole('button', { name: 'Track application' }).click();
    await track
      .getByText('Loading application details…')
      .or(track.getByRole('heading', { name: 'Error' }))
      .first()
      .waitFor();
    await track.getByRole('heading', { name: 'Error' }).waitFor();
    expect(await track.getByLabel('Application ID').inputValue()).toBe(applicationId);
    await screenshot(track, 'track-not-found-1280');
    await expectNoSeriousAxeViolations(track);

    await track.getByLabel('Email').fill(email);
    await track.getByRole('button', { name: 'Track application' }).click();
    await track
      .getByText('Your application has been successfully submitted and is being processed.')
      .waitFor();
    expect(problems).toEqual([]);
    expect(trackProblems.filter((p) => !p.includes('404'))).toEqual([]);
  });
});
