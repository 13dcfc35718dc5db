import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createApplicationFields } from '../factories/application.ts';
import { createReferralInput } from '../factories/referral.ts';
import { changeStatusOnServer } from './application-helpers.ts';
import { newEmail, signInByApi } from './auth-helpers.ts';
import { expectNoSeriousAxeViolations, screenshot, useBrowser, viewports } from './browser.ts';
import { networkPages } from './network-helpers.ts';

const browser = useBrowser();
const { open, baseUrl } = browser;
const { password, requestPartnership, adminAt, onboard, putJson } = networkPages(browser);
const sizes = { 390: viewports.phone, 1280: viewports.desktop } as const;

describe('the network screens in English and Arabic, on a phone and a desktop (issue 28)', () => {
  it(
    'leads, funnel, commission and the partner portal: right to left in Arabic, money in the locale’s words, no serious axe violation',
    { timeout: 180_000 },
    async () => {
      const name = `Lagos Pathways ${randomUUID().slice(0, 6)}`;
      const request = await requestPartnership(name);
      const admin = await adminAt(`/staff/requests/partnership/${request.id}`);
      const accepted = await admin.context.request.post(
        `/api/staff/partnerships/${request.id}/accept`,
        { data: {}, headers: { origin: baseUrl } },
      );
      expect(accepted.status()).toBe(201);
      const org = (await accepted.json()) as { id: string; version: number };
      await putJson(admin.context.request, `/api/staff/partners/${org.id}/share`, {
        shareBp: 2500,
        version: org.version,
      });
      await onboard(request.email, name);
      const partner = await open('/');
      await signInByApi(partner.context.request, request.email, password);

      // one student applied for by the partner, accepted, with the university's terms: a line
      const fields = createApplicationFields({
        fullName: 'Ngozi Adeyemi',
        email: newEmail('screens-student'),
      });
      const universityId = String(fields.universityId);
      const rates = (await (
        await admin.context.request.get('/api/staff/commission/rates')
      ).json()) as { universityId: string; version: number }[];
      await putJson(admin.context.request, `/api/staff/commission/rates/${universityId}`, {
        kind: 'percent',
        rateBp: 1250,
        version: rates.find((r) => r.universityId === universityId)?.version ?? null,
      });
      const form = new FormData();
      for (const [key, value] of Object.entries(fields))
        for (const item of [value].flat()) form.append(key, item);
      const sent = await partner.context.request.post('/api/partner/applications', {
        multipart: form,
        headers: { origin: baseUrl },
      });
      expect(sent.status(), await sent.text()).toBe(201);
      const { id } = (await sent.json()) as { id: string };
      for (const status of ['reviewed', 'applied', 'offered', 'accepted'])
        await changeStatusOnServer(id, status);
      // and a student the partner referred while signed in
      const referred = await partner.context.request.post('/api/referrals?lang=en', {
        data: createReferralInput({ studentName: 'Tobi Akande', studyInterest: 'BEng Civil' }),
        headers: { origin: baseUrl, 'idempotency-key': randomUUID() },
      });
      expect(referred.status(), await referred.text()).toBe(201);

      for (const lang of ['en', 'ar'] as const) {
        for (const [width, viewport] of Object.entries(sizes)) {
          await partner.page.setViewportSize(viewport);
          await partner.page.goto(`/partner?lang=${lang}`);
          const card = partner.page.getByRole('listitem').filter({ hasText: 'Ngozi Adeyemi' });
          await card.waitFor();
          const line = partner.page.getByRole('row').filter({ hasText: 'Ngozi Adeyemi' });
          await line.waitFor();
          await partner.page
            .getByRole('list', {
              name: lang === 'ar' ? 'الطلاب الذين رشّحتهم' : 'Students you referred',
            })
            .getByRole('listitem')
            .filter({ hasText: 'Tobi Akande' })
            .waitFor();
          expect(await partner.page.locator('html').getAttribute('dir')).toBe(
            lang === 'ar' ? 'rtl' : 'ltr',
          );
          // money in the reader's words: "£" in English, the pound's name in Arabic, never "UK£"
          const amount = (await line.locator('td').nth(2).textContent()) ?? '';
          expect(amount).not.toContain('UK£');
          expect(amount).toMatch(lang === 'ar' ? /جنيه إسترليني/ : /^£[\d,]+\.\d\d$/);
          await screenshot(partner.page, `network-partner-${lang}-${width}`);
          await expectNoSeriousAxeViolations(partner.page);

          await admin.page.setViewportSize(viewport);
          for (const [path, heading] of [
            ['/staff/leads', 'Leads'],
            ['/staff/funnel', 'Funnel'],
            ['/staff/commission', 'Commission'],
          ] as const) {
            await admin.page.goto(`${path}?lang=${lang}`);
            await admin.page.getByRole('heading', { level: 1, name: heading }).waitFor();
            if (path === '/staff/commission')
              await admin.page.getByText('Ngozi Adeyemi').first().waitFor();
            if (path === '/staff/funnel') await admin.page.getByText('By source').first().waitFor();
            expect(await admin.page.locator('html').getAttribute('dir')).toBe(
              lang === 'ar' ? 'rtl' : 'ltr',
            );
            await screenshot(admin.page, `network-${path.split('/')[2]}-${lang}-${width}`);
            await expectNoSeriousAxeViolations(admin.page);
          }
        }
      }
      expect(partner.problems).toEqual([]);
      expect(admin.problems).toEqual([]);
    },
  );
});
