import type { StaffErasureRequest } from '../../../shared/schemas/staff';
import { Alert } from '../../components/alert';
import { formatDay } from './format';

/**
 * D16: the applicant asked for their data to be erased while this case was active. What is left is
 * kept for the contract and legal duties only, and erased once the case has been closed long enough.
 */
export function ErasureRequestNotice({ request }: { request: StaffErasureRequest }) {
  return (
    <Alert tone="warning" title={`Erasure requested on ${formatDay(request.requestedAt)}`}>
      <p>
        {request.via === 'account'
          ? 'The applicant deleted their account while this case was active.'
          : 'An admin recorded a request for erasure received by e-mail while this case was active.'}{' '}
        Their account, messages and other data are already deleted; tracking links no longer work.
      </p>
      <p className="mt-1">
        Keep working on the case only for what the contract and our legal duties need (a university
        or the Home Office may ask for its records), and close it when that work is done. The case
        is erased {request.retentionMonths} months after it closes
        {request.erasedOn ? `: on ${formatDay(request.erasedOn)}.` : ' (it is still open).'}
      </p>
    </Alert>
  );
}
