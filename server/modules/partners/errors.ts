import { AppError, NotFoundError } from '../../lib/errors.ts';

/** A partner's view of an application it may not see looks exactly like one that does not exist. */
export const partnerApplicationNotFound = () => new NotFoundError('APPLICATION_NOT_FOUND');
export const partnerNotFound = () => new NotFoundError('PARTNER_NOT_FOUND');
export const notAPartnerMember = () => new AppError('FORBIDDEN', 403);
export const partnershipAlreadyAccepted = () => new AppError('PARTNERSHIP_ALREADY_ACCEPTED', 409);
export const partnerAccountTaken = () => new AppError('PARTNER_ACCOUNT_TAKEN', 409);
export const partnerChangedMeanwhile = () => new AppError('PARTNER_CHANGED', 409);
export const commissionLineNotFound = () => new NotFoundError('COMMISSION_LINE_NOT_FOUND');
export const commissionLineChanged = () => new AppError('COMMISSION_LINE_CHANGED', 409);
export const commissionRateChanged = () => new AppError('COMMISSION_RATE_CHANGED', 409);
