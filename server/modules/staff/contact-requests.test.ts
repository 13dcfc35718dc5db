import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContactRequestDetail, ContactRequestPage } from '../../../shared/schemas/staff.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { createPartnershipInput, createReferralInput } from '../../../tests/factories/referral.ts';
import { createStaff, staffCall } from '../../../tests/factories/staff.ts';

const ctx = useTestApp();
let consultant: Awaited<ReturnType<typeof createStaff>>;

const kinds = [
  {
    path: 'referrals',
    publicUrl: '/api/referrals',
    create: createReferralInput,
    nameOf: (b: { name?: string }) => b.name,
  },
  {
    path: 'partnerships',
    publicUrl: '/api/partnerships',
    create: createPartnershipInput,
    nameOf: (b: { contactName?: string }) => b.contactName,
  },
] as const;

beforeAll(async () => {
  consultant = await createStaff(ctx.app, 'consultant', 'Cora Consultant');
});

describe.each(kinds)('staff handling of $path', ({ path, publicUrl, create, nameOf }) => {
  async function submit() {
    const body = create();
    const res = await ctx.app.inject({
      method: 'POST',
      url: publicUrl,
      headers: { 'idempotency-key': randomUUID() },
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    return { id: res.json().id as string, body };
  }
  const get = (url: string) => staffCall(ctx.app, { method: 'GET', url }, consultant.cookie);
  const mark = (id: string, payload: object) =>
    staffCall(
      ctx.app,
      { method: 'POST', url: `/api/staff/${path}/${id}/status`, payload },
      consultant.cookie,
    );

  it('lists new requests, newest first, with their contact details', async () => {
    const older = await submit();
    const newer = await submit();
    const list = (await get(`/api/staff/${path}?status=new`)).json() as ContactRequestPage;
    const ids = list.items.map((i) => i.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const item = list.items.find((i) => i.id === newer.id)!;
    expect(item).toMatchObject({
      status: 'new',
      email: newer.body.email,
      name: nameOf(newer.body),
      handledAt: null,
      handledBy: null,
    });
    if (path === 'partnerships') expect(item.businessName).toBe('Bright Futures Education Ltd');
    // The inbox names the country, not its code (item 13 of issue 15).
    expect(item.countryName).toBe(path === 'referrals' ? 'Nigeria' : 'India');
    if (path === 'referrals')
      expect(item.student).toEqual({
        name: 'Chidi Eze',
        email: (newer.body as { studentEmail: string }).studentEmail,
        phone: null,
        studyInterest: 'MSc Data Science',
      });
    else expect(item.student).toBeNull();
  });

  it('marks a request contacted, then closed, saying who and when', async () => {
    const { id } = await submit();
    const contacted = await mark(id, {
      status: 'contacted',
      from: 'new',
      note: 'Phoned; sending the brochure.',
    });
    expect(contacted.statusCode, contacted.body).toBe(200);
    expect(contacted.json()).toMatchObject({
      status: 'contacted',
      handledBy: { name: 'Cora Consultant' },
    });
    const closed = await mark(id, { status: 'closed', from: 'contacted' });
    const detail = closed.json() as ContactRequestDetail;
    expect(detail.status).toBe('closed');
    expect(detail.history.map((h) => [h.status, h.note, h.by?.name])).toEqual([
      ['contacted', 'Phoned; sending the brochure.', 'Cora Consultant'],
      ['closed', null, 'Cora Consultant'],
    ]);
    expect(Date.parse(detail.handledAt!)).toBeGreaterThan(Date.now() - 60_000);

    // a replayed click (the page still says contacted) changes nothing
    const again = await mark(id, { status: 'closed', from: 'contacted' });
    expect((again.json() as ContactRequestDetail).history).toHaveLength(2);
    expect(
      ((await get(`/api/staff/${path}?status=closed`)).json() as ContactRequestPage).items.map(
        (i) => i.id,
      ),
    ).toContain(id);
    expect(
      ((await get(`/api/staff/${path}?status=new`)).json() as ContactRequestPage).items.map(
        (i) => i.id,
      ),
    ).not.toContain(id);
    expect((await get(`/api/staff/${path}/${id}`)).json()).toEqual(again.json());
  });

  it('a mark from a stale page gets 409 with the request as it is now, and changes nothing (issue 25 §2)', async () => {
    const { id } = await submit();
    expect((await mark(id, { status: 'closed', from: 'new', note: 'No answer' })).statusCode).toBe(
      200,
    );
    // a colleague's page still says new: their "contacted" would reopen a closed request
    const stale = await mark(id, { status: 'contacted', from: 'new', note: 'Phoned' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({
      code: 'CONTACT_REQUEST_CHANGED_MEANWHILE',
      current: { id, status: 'closed' },
    });
    const detail = (await get(`/api/staff/${path}/${id}`)).json() as ContactRequestDetail;
    expect(detail.status).toBe('closed');
    expect(detail.history.map((h) => [h.status, h.note])).toEqual([['closed', 'No answer']]);
  });

  it('refuses bad input and unknown requests', async () => {
    const { id } = await submit();
    expect((await mark(id, { status: 'new', from: 'new' })).statusCode).toBe(400);
    expect(
      (await mark(id, { status: 'contacted', from: 'new', note: 'n'.repeat(2001) })).statusCode,
    ).toBe(400);
    expect((await mark(id, {})).statusCode).toBe(400);
    const unversioned = await mark(id, { status: 'closed' });
    expect(unversioned.statusCode).toBe(400);
    expect(unversioned.json().error.issues.from.code).toBe('VERSION_REQUIRED');
    expect((await mark(randomUUID(), { status: 'closed', from: 'new' })).statusCode).toBe(404);
    expect((await get(`/api/staff/${path}/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get(`/api/staff/${path}/not-an-id`)).statusCode).toBe(400);
    expect((await get(`/api/staff/${path}?status=archived`)).statusCode).toBe(400);
    expect((await get(`/api/staff/${path}/${id}`)).json().status).toBe('new');
  });
});
