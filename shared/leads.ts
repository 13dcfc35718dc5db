/** Leads (issue 28 §1): what the team works before a case exists. */
export const leadKinds = ['referral', 'partnership', 'booking', 'guidance'] as const;
export type LeadKind = (typeof leadKinds)[number];

export const leadStages = ['new', 'contacted', 'applied', 'closed'] as const;
export type LeadStage = (typeof leadStages)[number];
