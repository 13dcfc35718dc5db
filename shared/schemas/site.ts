import { z } from 'zod';

const phoneE164 = z
  .string()
  .regex(/^\+[1-9]\d{6,14}$/, 'Use the international format, e.g. +447700900123');

export const latestUpdate = z.object({
  key: z.enum(['visa', 'accommodation', 'scholarships']),
  title: z.string().min(1),
  summary: z.string().min(1),
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
