/**
 * Where an application came from (issue 28, D20). Shared by the referral helper's and the partners'
 * work: 'partner' rows carry the partner's own column, 'referral' rows `source_referral_id`.
 */
export const applicationSourceKinds = ['direct', 'referral', 'partner', 'booking'] as const;
export type ApplicationSourceKind = (typeof applicationSourceKinds)[number];
