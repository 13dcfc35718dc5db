import { isApiErrorBody } from '../../../shared/api-error';
import type { ApplicationSubmitted } from '../../../shared/schemas/application';
import { languageQueryParam, type Locale } from '../../../shared/locales';
import { ApiError, apiErrorFrom, networkError } from '../../lib/api-client';

/**
 * Sends the form with XMLHttpRequest, the one browser API that reports upload progress. The same
 * idempotency key on a retry means the server creates the application once.
 */
export function uploadApplication(
  data: FormData,
  idempotencyKey: string,
  onProgress: (fraction: number) => void,
  /** The language the form is shown in: the application's e-mails are written in it. */
  locale: Locale,
  /** A partner's submission for a student goes to /api/partner/applications (D20). */
  path = '/api/applications',
): Promise<ApplicationSubmitted> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${path}?${languageQueryParam}=${encodeURIComponent(locale)}`);
    xhr.setRequestHeader('Idempotency-Key', idempotencyKey);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: handled below
      }
      if (
        xhr.status >= 200 &&
        xhr.status < 300 &&
        body &&
        typeof (body as ApplicationSubmitted).id === 'string'
      ) {
        onProgress(1);
        resolve(body as ApplicationSubmitted);
      } else if (isApiErrorBody(body)) {
        reject(apiErrorFrom(xhr.status, body));
      } else {
        reject(
          new ApiError(
            xhr.status,
            'HTTP_ERROR',
            'Something went wrong while sending your application. Please try again.',
          ),
        );
      }
    };
    xhr.onerror = () => reject(networkError());
    xhr.send(data);
  });
}
