import { z } from 'zod';

const phoneE164 = z.string().regex(/^\+[1-9]\d{6,14}$/, 'Use the international format, e.g. +447700900123');

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
  social: z.array(z.object({ network: z.enum(['facebook', 'instagram', 'linkedin', 'x', 'youtube', 'tiktok']), url: z.url() })),
  meetingBaseUrl: z.url({ protocol: /^https$/ }),
  latestUpdates: z.array(latestUpdate).length(3),
});
export type SiteConfig = z.infer<typeof siteConfig>;
export type LatestUpdate = z.infer<typeof latestUpdate>;
