import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Program, University } from '../../shared/schemas/catalogue.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';

const browser = useBrowser();
const picks = [
  'imperial-college-london',
  'university-college-london-ucl',
  'university-of-edinburgh',
];

async function openWithPicks(viewport: 'phone' | 'desktop' = 'desktop', ids = picks) {
  const opened = await browser.open('/universities', viewport);
  await opened.page.evaluate((chosen) => {
    sessionStorage.setItem(
      'portal.selection.v1',
      JSON.stringify({ universityIds: chosen, program: null }),
    );
  }, ids);
  await opened.page.goto('/programs');
  await opened.page.getByRole('heading', { name: 'Your universities', exact: true }).waitFor();
  return opened;
}

const row = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^${name}`) });
const filter = (page: Page, group: string, option: string) =>
  page.getByRole('group', { name: group }).getByRole('button', { name: option });
const countText = (page: Page) =>
  page.getByRole('heading', { name: /\d+ programs?/ }).textContent();

describe('/programs', () => {
  it('shows the picked universities and marks their programs first', async () => {
    const { page, problems } = await openWithPicks();
    const picked = page.getByRole('region', { name: 'Your universities', exact: true });
    for (const name of [
      'Imperial College London',
      'University College London (UCL)',
      'University of Edinburgh',
    ]) {
      await picked.getByText(name, { exact: true }).waitFor();
    }
    await expect.poll(() => countText(page)).toBe('10 programs');
    await page.getByText('5 are at your universities, listed first.').waitFor();
    const marked = page.getByText('At one of your universities');
    expect(await marked.count()).toBe(5);
    const firstRows = await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3 }) })
      .allTextContents();
    expect(
      firstRows.slice(0, 5).every((text) => text.includes('At one of your universities')),
    ).toBe(true);
    await screenshot(page, 'programs-1280');
    await expectNoSeriousAxeViolations(page);
    expect(problems).toEqual([]);
  });

  it('searches by name and toggles single-select filters, and offers to clear when nothing matches', async () => {
    const { page, problems } = await openWithPicks('phone');
    const searchBox = page.getByLabel('Search programs by name, university, city or subject');
    await searchBox.fill('cyber king');
    await expect.poll(() => countText(page)).toBe('1 program matches your search and filters');
    await page.getByRole('button', { name: /^MSc Cyber Security/ }).waitFor();
    // words of the city and the subject count too
    await searchBox.fill('glasgow tourism');
    await expect.poll(() => countText(page)).toBe('1 program matches your search and filters');
    await page.getByRole('button', { name: /^BA \(Hons\) Hospitality/ }).waitFor();
    await searchBox.fill('');

    await filter(page, 'Level', 'Masters').click();
    await expect
      .poll(() => filter(page, 'Level', 'Masters').getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(() => countText(page)).toBe('5 programs match your search and filters');
    await filter(page, 'Level', 'Bachelors').click();
    await expect
      .poll(() => filter(page, 'Level', 'Masters').getAttribute('aria-pressed'))
      .toBe('false');
    await expect.poll(() => countText(page)).toBe('5 programs match your search and filters');
    await filter(page, 'Level', 'Bachelors').click();
    await expect.poll(() => countText(page)).toBe('10 programs');
    expect(await filter(page, 'Level', 'Bachelors').getAttribute('aria-pressed')).toBe('false');

    await filter(page, 'Intake', 'September').click();
    await filter(page, 'Category', 'Cybersecurity').click();
    await expect.poll(() => countText(page)).toBe('2 programs match your search and filters');
    await filter(page, 'Category', 'Tourism').click();
    await filter(page, 'Level', 'Masters').click();
    await page.getByText('No programs match your search and filters.').waitFor();
    await screenshot(page, 'programs-empty-390');
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect.poll(() => countText(page)).toBe('10 programs');
    expect(await filter(page, 'Category', 'Tourism').getAttribute('aria-pressed')).toBe('false');
    expect(problems).toEqual([]);
  });

  it('expands a row with its details and official page, and Apply Now carries the program and university', async () => {
    const { page, problems } = await openWithPicks('phone');
    const programs = (await (await page.request.get('/api/programs')).json()) as Program[];
    const universities = (await (
      await page.request.get('/api/universities')
    ).json()) as University[];
    const program = programs.find((p) => p.id === 'msc-business-analytics-imperial')!;
    const university = universities.find((u) => u.id === program.universityId)!;

    const toggle = row(page, program.name);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // a closed row's details are not in the page (nor named by the button) until it opens
    expect(await toggle.getAttribute('aria-controls')).toBeNull();
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    for (const text of [
      program.duration,
      program.tuition,
      program.requirements,
      'Entry requirements',
      'Tuition',
      'Duration',
    ]) {
      await panel.getByText(text, { exact: true }).waitFor();
    }
    // Imperial's course page is not known: the link says it is the university's website
    expect(program.urlIsCoursePage).toBe(false);
    expect(await panel.getByRole('link', { name: /Official program page/ }).count()).toBe(0);
    const official = panel.getByRole('link', { name: /Imperial College London website/ });
    expect(await official.getAttribute('href')).toBe(university.website);
    await panel.getByText('7.0 overall, at least 6.5 in each part').waitFor();
    await panel.getByRole('heading', { name: 'First-year cost of study in London' }).waitFor();
    await panel
      .getByText(`£${program.costOfStudy.totalGbp.toLocaleString('en-GB')}`, { exact: true })
      .waitFor();
    expect(await official.getAttribute('target')).toBe('_blank');
    expect(await official.getAttribute('rel')).toBe('noopener noreferrer');
    await screenshot(page, 'programs-expanded-390');
    await expectNoSeriousAxeViolations(page);

    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await panel.getByRole('button', { name: /Apply Now/ }).click();
    await page.waitForURL('**/application');
    const selection = await page.evaluate(() =>
      JSON.parse(sessionStorage.getItem('portal.selection.v1')!),
    );
    expect(selection).toEqual({
      universityIds: picks,
      program: { programId: program.id, universityId: university.id },
    });
    const state = await page.evaluate(() => (history.state as { usr?: unknown })?.usr);
    expect(state).toEqual({ program, university });
    expect(problems).toEqual([]);
  });

  it('offers Continue to Application and works with no picks', async () => {
    const { page } = await browser.open('/programs');
    await page.getByText('You have not picked your universities yet.').waitFor();
    await expect.poll(() => countText(page)).toBe('10 programs');
    expect(await page.getByText('At one of your universities').count()).toBe(0);
    const next = page.getByRole('link', { name: /Continue to Application/ });
    expect(await next.getAttribute('href')).toBe('/application');
    await next.click();
    await page.waitForURL('**/application');
  });

  it('filters by region and fee, sorts by fee, and keeps the question in the address', async () => {
    const { page, problems } = await browser.open('/programs');
    await page.getByLabel('Region').selectOption('Scotland');
    await expect.poll(() => countText(page)).toBe('2 programs match your search and filters');
    await page.getByLabel('Sort by').selectOption('fee');
    await expect
      .poll(async () =>
        (await page.getByRole('heading', { level: 3 }).allTextContents()).map((t) =>
          t.split('University')[0]!.trim(),
        ),
      )
      .toEqual([
        'BA (Hons) Hospitality and Tourism Management',
        'BEng (Hons) Mechanical Engineering',
      ]);
    expect(new URL(page.url()).searchParams.get('region')).toBe('Scotland');
    await page.getByLabel('Region').selectOption('');
    await page.getByLabel('Tuition per year').selectOption('35000');
    await expect.poll(() => countText(page)).toBe('1 program matches your search and filters');
    await page.getByLabel('IELTS you have').selectOption('6');
    await expect.poll(() => countText(page)).toBe('1 program matches your search and filters');
    await page.getByLabel('Tuition per year').selectOption('');
    await expect.poll(() => countText(page)).toBe('1 program matches your search and filters');
    await page.reload();
    await expect.poll(() => page.getByLabel('IELTS you have').inputValue()).toBe('6');
    await expect.poll(() => countText(page)).toBe('1 program matches your search and filters');
    expect(problems).toEqual([]);
  });

  it('says plainly when the picked universities list no program, and the application names the first choice', async () => {
    const none = ['university-of-oxford', 'university-of-st-andrews', 'university-of-cambridge'];
    for (const viewport of ['phone', 'desktop'] as const) {
      const { page, problems } = await openWithPicks(viewport, none);
      const notice = page
        .getByRole('status')
        .filter({ hasText: 'Your universities list no programs in our catalogue yet.' });
      await notice.waitFor();
      expect(
        await notice.getByRole('link', { name: 'Change your universities' }).getAttribute('href'),
      ).toBe(`/universities?picks=${none.join(',')}`);
      expect(
        await notice.getByRole('link', { name: 'See all programs' }).getAttribute('href'),
      ).toBe('#results-heading');
      expect(
        await notice.getByRole('link', { name: 'Ask a consultant (free)' }).getAttribute('href'),
      ).toBe('/free');
      await page.getByText('None of them is at your universities.').waitFor();
      expect(await page.getByText('no programs listed').count()).toBe(3);
      await screenshot(page, `programs-picks-offer-nothing-${viewport === 'phone' ? 390 : 1280}`);
      await expectNoSeriousAxeViolations(page);
      if (viewport === 'desktop') {
        const lse = row(page, 'MSc Management');
        await lse.click();
        await page.getByRole('button', { name: 'Apply Now for MSc Management' }).click();
        await page.waitForURL('**/application');
        await page
          .getByText("London School of Economics and Political Science (this program's university)")
          .waitFor();
        await page
          .getByText('University of Oxford, University of St Andrews, University of Cambridge')
          .waitFor();
        expect(await page.getByText('Your universities:').count()).toBe(0);
        await screenshot(page, 'application-first-choice-1280');
      }
      expect(problems).toEqual([]);
    }
  });
});

describe('/universities', () => {
  it("shows each university's number of programs", async () => {
    const { page } = await browser.open('/universities', 'phone');
    await page.getByText(/London · UK rank #5 · 2 programs/).waitFor();
    await page.getByText(/Oxford · UK rank #1 · No programs listed yet/).waitFor();
    await page.getByText(/Glasgow · UK rank #17 · 1 program$/).waitFor();
    await screenshot(page, 'universities-counts-390');
  });
});
