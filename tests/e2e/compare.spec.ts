import { describe, expect, it } from 'vitest';
import type { Program } from '../../shared/schemas/catalogue.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';

const browser = useBrowser();
const kcl = 'msc-cyber-security-kings-college-london';
const ucl = 'msc-information-security-ucl';

describe('/compare', () => {
  it('adds programs from their rows and shows them side by side at an address that can be shared', async () => {
    const { page, problems } = await browser.open('/programs');
    for (const name of ['MSc Cyber Security', 'MSc Information Security']) {
      await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
      await page.getByRole('button', { name: `Add to compare: ${name}` }).click();
      await expect
        .poll(() =>
          page
            .getByRole('button', { name: `In your comparison: ${name}` })
            .getAttribute('aria-pressed'),
        )
        .toBe('true');
    }
    await page
      .getByRole('region', { name: 'Compare' })
      .getByRole('link', { name: /Compare 2 programs/ })
      .click();
    await page.waitForURL(`**/compare?programs=${kcl},${ucl}`);
    const table = page.getByRole('table', { name: 'Programs compared side by side' });
    await table.getByRole('columnheader', { name: /MSc Cyber Security/ }).waitFor();
    await table.getByRole('columnheader', { name: /MSc Information Security/ }).waitFor();
    const programs = await Promise.all(
      [kcl, ucl].map(
        async (id) => (await (await page.request.get(`/api/programs/${id}`)).json()) as Program,
      ),
    );
    for (const p of programs) {
      await table.getByText(`${p.tuition} (${p.feeYear})`).waitFor();
      await table
        .getByText(`£${p.costOfStudy.totalGbp.toLocaleString('en-GB')}`, { exact: true })
        .waitFor();
    }
    await table.getByRole('rowheader', { name: 'IELTS' }).waitFor();
    expect(await table.getByText('6.5 overall, 6.0 in each part').count()).toBe(2);
    await table.getByRole('link', { name: /Official program page/ }).waitFor();
    await table.getByRole('link', { name: /University College London \(UCL\) website/ }).waitFor();
    await screenshot(page, 'compare-1280');
    await expectNoSeriousAxeViolations(page);
    expect(problems).toEqual([]);
  });

  it('opens a shared link as it is, says when a program is gone, and asks for two when one is left', async () => {
    const { page, problems } = await browser.open(
      `/compare?programs=${kcl},no-such-program,${ucl}`,
      'phone',
    );
    await page.getByText('One program in this link is not in the catalogue any more.').waitFor();
    // a phone compares programs as cards, one under the other, no table to scroll sideways
    await page.getByRole('heading', { level: 2, name: 'MSc Cyber Security' }).waitFor();
    expect(await page.getByRole('table').isVisible()).toBe(false);
    await screenshot(page, 'compare-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectNoSeriousAxeViolations(page);
    await page
      .getByRole('link', { name: 'Remove MSc Information Security from the comparison' })
      .click();
    await page.getByText('Choose at least two programs to compare.').waitFor();
    expect(new URL(page.url()).searchParams.get('programs')).toBe(`${kcl},no-such-program`);
    expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
  });
});
