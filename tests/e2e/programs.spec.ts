import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Program, University } from '../../shared/schemas/catalogue.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';

const browser = useBrowser();
const picks = ['imperial-college-london', 'university-college-london-ucl', 'university-of-edinburgh'];

async function openWithPicks(viewport: 'phone' | 'desktop' = 'desktop') {
  const opened = await browser.open('/universities', viewport);
  await opened.page.evaluate((ids) => {
    sessionStorage.setItem('portal.selection.v1', JSON.stringify({ universityIds: ids, program: null }));
  }, picks);
  await opened.page.goto('/programs');
  await opened.page.getByRole('heading', { name: 'Your universities', exact: true }).waitFor();
  return opened;
}

const row = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) });
const filter = (page: Page, group: string, option: string) =>
  page.getByRole('group', { name: group }).getByRole('button', { name: option });
const countText = (page: Page) => page.getByRole('heading', { name: /\d+ programs?/ }).textContent();

describe('/programs', () => {
  it('shows the picked universities and marks their programs first', async () => {
    const { page, problems } = await openWithPicks();
    const picked = page.getByRole('region', { name: 'Your universities', exact: true });
    for (const name of ['Imperial College London', 'University College London (UCL)', 'University of Edinburgh']) {
      await picked.getByText(name, { exact: true }).waitFor();
    }
    await expect.poll(() => countText(page)).toBe('10 programs');
    const marked = page.getByText('At one of your universities');
    expect(await marked.count()).toBe(5);
    const firstRows = await page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }).allTextContents();
    expect(firstRows.slice(0, 5).every((text) => text.includes('At one of your universities'))).toBe(true);
    await screenshot(page, 'programs-1280');
    await expectNoSeriousAxeViolations(page);
    expect(problems).toEqual([]);
  });

  it('searches by name and toggles single-select filters, and offers to clear when nothing matches', async () => {
    const { page, problems } = await openWithPicks('phone');
    await page.getByLabel('Search programs by name').fill('cyber');
    await expect.poll(() => countText(page)).toBe('1 program matches your search and filters');
    await page.getByRole('button', { name: /^MSc Cyber Security/ }).waitFor();
    await page.getByLabel('Search programs by name').fill('');

    await filter(page, 'Level', 'Masters').click();
    await expect.poll(() => filter(page, 'Level', 'Masters').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => countText(page)).toBe('5 programs match your search and filters');
    await filter(page, 'Level', 'Bachelors').click();
    await expect.poll(() => filter(page, 'Level', 'Masters').getAttribute('aria-pressed')).toBe('false');
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
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => countText(page)).toBe('10 programs');
    expect(await filter(page, 'Category', 'Tourism').getAttribute('aria-pressed')).toBe('false');
    expect(problems).toEqual([]);
  });

  it('expands a row with its details and official page, and Apply Now carries the program and university', async () => {
    const { page, problems } = await openWithPicks('phone');
    const programs = (await (await page.request.get('/api/programs')).json()) as Program[];
    const universities = (await (await page.request.get('/api/universities')).json()) as University[];
    const program = programs.find((p) => p.id === 'msc-business-analytics-imperial')!;
    const university = universities.find((u) => u.id === program.universityId)!;

    const toggle = row(page, program.name);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    for (const text of [program.duration, program.tuition, program.requirements, 'Entry requirements', 'Tuition', 'Duration']) {
      await panel.getByText(text, { exact: true }).waitFor();
    }
    // Its link is Imperial's front page: the row calls it that, not a program page (item 4 of issue 15).
    expect(new URL(program.url).pathname).toBe('/');
    expect(await panel.getByRole('link', { name: /Official program page/ }).count()).toBe(0);
    const official = panel.getByRole('link', { name: /University website/ });
    expect(await official.getAttribute('href')).toBe(program.url);
    expect(await official.getAttribute('target')).toBe('_blank');
    expect(await official.getAttribute('rel')).toBe('noopener noreferrer');
    await screenshot(page, 'programs-expanded-390');
    await expectNoSeriousAxeViolations(page);

    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await panel.getByRole('button', { name: /Apply Now/ }).click();
    await page.waitForURL('**/application');
    const selection = await page.evaluate(() => JSON.parse(sessionStorage.getItem('portal.selection.v1')!));
    expect(selection).toEqual({ universityIds: picks, program: { programId: program.id, universityId: university.id } });
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
});
