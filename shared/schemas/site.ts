import { z } from 'zod';
import { locales, type Locale } from '../locales.ts';
import { bidiControlMessage, hasBidiControl } from '../text-safety.ts';

const phoneE164 = z
  .string()
  .regex(/^\+[1-9]\d{6,14}$/, 'Use the international format, e.g. +447700900123');

/**
 * Text the site shows, in each of its six languages (issue 26 §3): every one is required, so no
 * page falls back to English; no bidi control may reorder how it reads.
 */
const inEnglish: Record<Locale, string> = {
  en: 'English',
  'zh-CN': 'Chinese',
  ar: 'Arabic',
  ur: 'Urdu',
  hi: 'Hindi',
  fr: 'French',
};

export const inEveryLanguage = (label: string, max: number) =>
  z.strictObject(
    Object.fromEntries(
      locales.map((l) => [
        l,
        z
          .string({ error: `Enter ${label.toLowerCase()} in ${inEnglish[l]}` })
          .trim()
          .min(1, `Enter ${label.toLowerCase()} in ${inEnglish[l]}`)
          .max(max, `${label} is at most ${max} characters`)
          .refine((v) => !hasBidiControl(v), bidiControlMessage(label)),
      ]),
    ) as Record<Locale, z.ZodString>,
  );
export type InEveryLanguage = Record<Locale, string>;

export const latestUpdate = z.object({
  key: z.enum(['visa', 'accommodation', 'scholarships']),
  title: inEveryLanguage('The title', 120),
  summary: inEveryLanguage('The summary', 400),
  url: z.url({ protocol: /^https$/ }),
});

export const siteConfig = z.object({
  name: z.string().min(1),
  whatsappNumber: phoneE164,
  phone: phoneE164,
  emails: z.object({ general: z.email(), admissions: z.email() }),
  social: z.array(
    z.object({
      network: z.enum(['facebook', 'instagram', 'linkedin', 'x', 'youtube', 'tiktok']),
      url: z.url(),
    }),
  ),
  meetingBaseUrl: z.url({ protocol: /^https$/ }),
  latestUpdates: z.array(latestUpdate).length(3),
  /**
   * Where the team hears of each new application, referral and partnership request. Never sent to
   * browsers (the public /api/site leaves it out).
   */
  teamNoticesTo: z.email(),
});
export type SiteConfig = z.infer<typeof siteConfig>;
/** What /api/site answers: the configuration without the team's own address. */
export type PublicSiteConfig = Omit<SiteConfig, 'teamNoticesTo'>;
export const publicSiteConfig = ({ teamNoticesTo: _team, ...site }: SiteConfig): PublicSiteConfig =>
  site;
export type LatestUpdate = z.infer<typeof latestUpdate>;
