import { z } from 'zod';
import { inEveryLanguage, latestUpdate, type InEveryLanguage } from './site.ts';

/**
 * The site's texts the console edits, each in all six languages (issue 26 §3): the home page's
 * Latest Updates and the consultants' roles and nationalities on /free.
 */
export const latestUpdateKey = latestUpdate.shape.key;
export type LatestUpdateKey = z.infer<typeof latestUpdateKey>;

export const latestUpdateInput = z.strictObject({
  title: latestUpdate.shape.title,
  summary: latestUpdate.shape.summary,
  url: latestUpdate.shape.url,
});
export type LatestUpdateValues = z.infer<typeof latestUpdateInput>;

export const consultantTextsInput = z.strictObject({
  role: inEveryLanguage('The role', 200),
  nationality: inEveryLanguage('The nationality', 100),
});
export type ConsultantTextsValues = z.infer<typeof consultantTextsInput>;

export const consultantIdParam = z.strictObject({ id: z.string().trim().min(1).max(100) });

export interface StaffLatestUpdate extends LatestUpdateValues {
  key: LatestUpdateKey;
  version: number;
  updatedAt: string;
}

export interface StaffConsultantTexts {
  id: string;
  name: string;
  role: InEveryLanguage;
  nationality: InEveryLanguage;
  version: number;
  updatedAt: string;
}

export interface StaffSiteTexts {
  latestUpdates: StaffLatestUpdate[];
  consultants: StaffConsultantTexts[];
}
