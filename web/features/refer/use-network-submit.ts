import { useRef, useState } from 'react';
import { fieldIssue, type ErrorParams, type FieldIssue } from '../../../shared/error-codes';
import { useErrorText } from '../../lib/error-text';
import type { Resolver } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { ApiError, apiPost } from '../../lib/api-client';
import type { ContactRequestReceipt } from '../../../shared/schemas/referral';
import { networkKinds, type NetworkFormValues, type NetworkKind } from './network-kinds';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { useLocale } from '../../i18n/locale-context';
import { languageQueryParam } from '../../../shared/locales';

export type FieldErrors = Partial<Record<keyof NetworkFormValues, FieldIssue>>;

/**
 * react-hook-form checked by the schema the server uses. The form's fields are not the API's
 * (the partner's "name" is its contactName), so the resolver maps both ways; the submitted value is
 * the API body.
 */
export function networkResolver(kind: NetworkKind): Resolver<NetworkFormValues, unknown, object> {
  const config = networkKinds[kind];
  return (values) => {
    const result = config.schema.safeParse(config.body(values));
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string; params?: ErrorParams }> = {};
    for (const issue of result.error.issues) {
      const field = config.fieldOf(String(issue.path[0] ?? ''));
      const { code, params } = fieldIssue(issue as never);
      errors[field] ??= { type: code, message: issue.message, ...(params ? { params } : {}) };
    }
    return { values: {}, errors };
  };
}

export type SubmitOutcome =
  { receipt: ContactRequestReceipt } | { failure: string; fields: FieldErrors } | null;

/**
 * Sends one form fill. The idempotency key stays the same while the values do, so a double click
 * or a retry after a lost answer never stores two rows; changed values are a new request.
 */
export function useNetworkSubmit(kind: NetworkKind) {
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const inFlight = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const intl = useIntl();
  const errorText = useErrorText();
  // the page's language goes with the request: the e-mails to this person are written in it
  const { locale } = useLocale();

  async function submit(body: object): Promise<SubmitOutcome> {
    if (inFlight.current) return null;
    const json = JSON.stringify(body);
    if (attempt.current?.body !== json) attempt.current = { key: newIdempotencyKey(), body: json };
    inFlight.current = true;
    setFailure(null);
    try {
      const endpoint = `${networkKinds[kind].endpoint}?${languageQueryParam}=${encodeURIComponent(locale)}`;
      const receipt = await apiPost<ContactRequestReceipt>(endpoint, body, {
        'Idempotency-Key': attempt.current.key,
      });
      return { receipt };
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      const message = errorText(error, {
        otherwise: intl.formatMessage({
          id: 'refer.form.unknownError',
          defaultMessage: 'Something went wrong. Please try again later.',
        }),
      });
      setFailure(message);
      const fields: FieldErrors = {};
      for (const [field, issue] of Object.entries(apiError?.issues ?? {})) {
        fields[networkKinds[kind].fieldOf(field) as keyof NetworkFormValues] = issue;
      }
      return { failure: message, fields };
    } finally {
      inFlight.current = false;
    }
  }

  return { submit, failure };
}
