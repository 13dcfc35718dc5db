import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, screenshot, useBrowser } from './browser.ts';

const browser = useBrowser();

describe('/guide', () => {
  it('ranks programs with reasons and warnings, uses the balanced three, and goes on to apply', async () => {
    const { page, problems } = await browser.open('/', 'desktop');
    await page.getByRole('main').getByRole('link', { name: 'Get guidance' }).click();
    await page.waitForURL('**/guide');
    await page
      .getByText('The ranking is rule-based: the same answers always give the same list')
      .waitFor();
    await page.getByRole('button', { name: 'Find my programs' }).click();
    await page.getByText('Choose the class of your degree').waitFor();

    await page.getByLabel('Subjects you want to study').fill('cyber security');
    await page.getByLabel('Budget for tuition per year (£, optional)').fill('38000');
    await page.getByLabel('Your IELTS overall score').selectOption('6');
    await page.getByLabel('Your degree class (or expected)').selectOption('2:1');
    await page.getByRole('button', { name: 'Find my programs' }).click();
    await page.getByRole('heading', { name: '2 programs for you, best first' }).waitFor();
    const kcl = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: /MSc Cyber Security/ }) });
    await kcl
      .getByRole('list', { name: 'Why MSc Cyber Security' })
      .getByText('matches cyber security')
      .waitFor();
    await kcl
      .getByRole('list', { name: 'Watch out for MSc Cyber Security' })
      .getByText('IELTS 6.5 needed, you have 6.0')
      .waitFor();
    const ucl = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: /MSc Information Security/ }) });
    await ucl.getByText('£2,300 over your budget').waitFor();
    await page.getByRole('heading', { name: 'How we rank' }).waitFor();
    await screenshot(page, 'guide-1280');
    await expectNoSeriousAxeViolations(page);

    const balanced = page.getByRole('region', { name: 'A balanced three' });
    // both results' universities: the balanced three is as many as the results span
    await balanced.getByText('Only 2 universities in your results fit these roles').waitFor();
    expect(await balanced.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^Ambitious\nUniversity College London \(UCL\)\nranked #9, a stretch/i),
      expect.stringMatching(/^Good match\nKing's College London\nranked #28, a stretch/i),
    ]);

    // a stronger profile: any subject, IELTS 7.0
    await page.getByLabel('Subjects you want to study').fill('');
    await page.getByLabel('Your IELTS overall score').selectOption('7');
    await page.getByLabel('Budget for tuition per year (£, optional)').fill('');
    await page.getByRole('button', { name: 'Find my programs' }).click();
    await page.getByRole('heading', { name: '5 programs for you, best first' }).waitFor();
    for (const role of ['Ambitious', 'Good match', 'Safer'])
      await balanced.getByText(role, { exact: true }).waitFor();
    await balanced.getByRole('button', { name: /Use these three/ }).click();
    // the answers come along as the list's filters
    await page.waitForURL(/\/programs\?level=Masters&ielts=7$/);
    expect(await page.getByLabel('IELTS you have').inputValue()).toBe('7');
    expect(
      await page
        .getByRole('group', { name: 'Level' })
        .getByRole('button', { name: 'Masters' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    const picked = page.getByRole('region', { name: 'Your universities', exact: true });
    for (const name of [
      'London School of Economics and Political Science',
      'Imperial College London',
      'University of Manchester',
    ]) {
      await picked.getByText(name, { exact: true }).waitFor();
    }
    // Masters asking IELTS 7.0 or less: the three universities' Masters programs first
    await page.getByText('3 are at your universities, listed first.').waitFor();
    await page.getByRole('button', { name: /^MSc Management/ }).click();
    await page.getByRole('button', { name: 'Apply Now for MSc Management' }).click();
    await page.waitForURL('**/application');
    await page
      .getByText("London School of Economics and Political Science (this program's university)")
      .waitFor();
    await page.getByText('Imperial College London, University of Manchester').waitFor();
    expect(problems).toEqual([]);
  });

  it('says plainly when nothing fits, on a phone', async () => {
    const { page, problems } = await browser.open('/guide', 'phone');
    await page.getByLabel('Bachelors').check();
    await page.getByLabel('Subjects you want to study').fill('veterinary medicine');
    await page.getByLabel('Your A-level grades (or predicted)').fill('AAB');
    await page.getByRole('button', { name: 'Find my programs' }).click();
    const none = page.getByText('No program in our catalogue fits these answers.');
    await none.waitFor();
    // the answer comes into view, below the whole form on a phone
    await expect.poll(() => none.evaluate((e) => e.getBoundingClientRect().top)).toBeLessThan(844);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await screenshot(page, 'guide-none-390');
    await expectNoSeriousAxeViolations(page);
    await page.getByLabel('Subjects you want to study').fill('mechanical engineering');
    await page.getByLabel('Your IELTS overall score').selectOption('6.5');
    await page.getByRole('button', { name: 'Find my programs' }).click();
    await page
      .getByRole('button', { name: 'Apply for this program: BEng (Hons) Mechanical Engineering' })
      .click();
    await page.waitForURL('**/application');
    await page.getByText("University of Edinburgh (this program's university)").waitFor();
    expect(problems).toEqual([]);
  });
});
