export * from './catalogue.ts';
export * from './referrals.ts';
export * from './auth.ts';
export * from './applications.ts';
export * from './staff.ts';
export * from './rate-limits.ts';
export * from './outbox.ts';
export * from './personal-data.ts';
