import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeChatRequest } from '../../../tests/support/fake-llm.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { loadConfig } from '../../config.ts';

// The hosted model is a third party we cannot run here: a local fake OpenAI-compatible server stands in.
const fake = await startFakeLlm();
const t = useTestApp({
  GUIDANCE_LLM_URL: fake.url,
  GUIDANCE_LLM_KEY: 'test-key',
  GUIDANCE_LLM_MODEL: 'fake-model',
  GUIDANCE_LLM_TIMEOUT_SECONDS: '1',
});
afterAll(() => fake.close());

const words =
  'I want to work in cyber security, budget 40k, IELTS 7, I have a 2:1, starting September';
const profile = {
  level: 'Masters',
  subjects: 'cyber security',
  budgetGbp: 40000,
  ielts: '7',
  qualification: '2:1',
  regions: [],
  intake: 'September',
};
const isProfileStep = (r: FakeChatRequest) => r.system.startsWith('You turn');
const ask = (text = words) =>
  t.app.inject({
    method: 'POST',
    url: '/api/guidance/ai',
    headers: { origin: t.app.config.publicUrl },
    payload: { text },
  });

beforeEach(() => {
  fake.requests.length = 0;
});

describe('guidance with a language model (fake server)', () => {
  it("reads the profile from the student's words, ranks by the rules, and explains citing programs by id", async () => {
    fake.answer((r) => {
      if (isProfileStep(r)) return { content: JSON.stringify(profile) };
      const ids = (JSON.parse(r.user) as { programs: { id: string }[] }).programs.map((p) => p.id);
      return {
        content: JSON.stringify({
          summary: 'These programs match cyber security within your budget.',
          programs: ids.slice(0, 2).map((id) => ({ id, note: 'Fits your IELTS 7.' })),
        }),
      };
    });
    const res = await ask();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.profile).toEqual(profile);
    expect(body.answer.results.map((r: { program: { id: string } }) => r.program.id)).toContain(
      'msc-cyber-security-kings-college-london',
    );
    expect(body.explanation.summary).toBe(
      'These programs match cyber security within your budget.',
    );
    expect(body.explanation.notes[0]).toEqual({
      programId: body.answer.results[0].program.id,
      note: 'Fits your IELTS 7.',
    });
    expect(body.explanation.dropped).toBe(0);

    const [first, second] = fake.requests;
    expect(first).toMatchObject({
      authorization: 'Bearer test-key',
      model: 'fake-model',
      user: words,
    });
    // the explanation sees catalogue facts of the results only, not the student's words
    expect(second!.user).not.toContain('I want to work');
    expect(second!.user).toContain(body.answer.results[0].program.id);
  });

  it('drops what the model says about a program outside the results', async () => {
    fake.answer((r) => {
      if (isProfileStep(r))
        return {
          content: JSON.stringify({ ...profile, subjects: 'cyber security', level: 'Masters' }),
        };
      const ids = (JSON.parse(r.user) as { programs: { id: string }[] }).programs.map((p) => p.id);
      return {
        content: JSON.stringify({
          summary:
            'Good choices here. Also consider MSc Imaginary Studies at Nowhere, id msc-imaginary-studies. Apply early.',
          programs: [
            { id: ids[0], note: 'A strong match.' },
            { id: 'msc-imaginary-studies', note: 'The best program in the UK.' },
            { id: ids[1], note: 'Cheaper than bsc-tourism-management-university-of-greenwich.' },
          ],
        }),
      };
    });
    const body = (await ask()).json();
    expect(body.explanation.summary).toBe('Good choices here. Apply early.');
    expect(body.explanation.notes).toEqual([
      { programId: body.answer.results[0].program.id, note: 'A strong match.' },
    ]);
    expect(body.explanation.dropped).toBe(3);
  });

  it('a timeout is bounded: a clear message, and the rule-based results are still shown', async () => {
    fake.answer((r) => (isProfileStep(r) ? { content: JSON.stringify(profile) } : { hang: true }));
    const started = Date.now();
    const res = await ask();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.explanation).toBeNull();
    expect(body.explanationProblem).toBe(
      'The assistant took too long to explain these results; the ranking below is by our rules.',
    );
    expect(body.answer.results.length).toBeGreaterThan(0);

    fake.answer(() => ({ hang: true }));
    const noProfile = await ask();
    expect(noProfile.statusCode).toBe(504);
    expect(noProfile.json().error.message).toMatch(/took too long.*Fill in the form below/);
  });

  it('a malformed answer is refused with a clear message, never a 500', async () => {
    for (const reply of [
      { content: 'Sure! Here is your profile: level Masters' },
      { content: JSON.stringify({ ...profile, level: 'PhD' }) },
      { raw: 'not json' },
      { status: 500 },
    ]) {
      fake.answer(() => reply);
      const res = await ask();
      expect(res.statusCode, JSON.stringify(reply)).toBe(502);
      expect(res.json().error.message).toMatch(/Fill in the form below instead/);
    }
    fake.answer((r) =>
      isProfileStep(r) ? { content: JSON.stringify(profile) } : { content: '{"summary": 42}' },
    );
    const body = (await ask()).json();
    expect(body.explanation).toBeNull();
    expect(body.explanationProblem).toBe(
      'The assistant could not explain these results; the ranking below is by our rules.',
    );
    expect(body.answer.results.length).toBeGreaterThan(0);
  });

  it('offers the free-text box only when configured, and checks the settings at boot', async () => {
    expect((await t.app.inject({ url: '/api/guidance/options' })).json()).toEqual({ ai: true });
    expect(loadConfig({ NODE_ENV: 'test' }).guidanceLlm).toBeNull();
    expect(() =>
      loadConfig({ NODE_ENV: 'test', GUIDANCE_LLM_URL: 'http://127.0.0.1:1/v1' }),
    ).toThrow(/GUIDANCE_LLM_MODEL: is required/);
    expect(() =>
      loadConfig({ NODE_ENV: 'test', GUIDANCE_LLM_MODEL: 'm', GUIDANCE_LLM_URL: 'not a url' }),
    ).toThrow(/GUIDANCE_LLM_URL/);
    expect(
      loadConfig({ NODE_ENV: 'test', GUIDANCE_LLM_MODEL: 'm', GUIDANCE_LLM_URL: 'http://h:1/v1/' })
        .guidanceLlm?.url,
    ).toBe('http://h:1/v1/chat/completions');
  });
});
