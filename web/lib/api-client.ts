import { isApiErrorBody } from '../../shared/api-error';
import type { ErrorParams, FieldIssue } from '../../shared/error-codes';

/**
 * An error the API answered with: a code and its values (D17). `message` is the server's English,
 * for logs; screens show `useErrorText()(error)` (web/lib/error-text.ts).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly params?: ErrorParams,
    readonly issues?: Record<string, FieldIssue>,
    /** A 409 on a stale version: the record as it is now (issue 25 §2). */
    readonly current?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const networkMessage = 'We could not reach the server. Check your connection and try again.';

export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const sent = await withFilesRead(init.body);
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      body: sent,
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch {
    throw networkError();
  }
  const isJson = response.headers.get('content-type')?.includes('application/json');
  const body: unknown = isJson ? await response.json().catch(() => null) : null;
  if (!response.ok) throw apiErrorFrom(response.status, body);
  return body as T;
}

/** The error a refusal answered with: the API's JSON error, or HTTP_ERROR for anything else. */
export function apiErrorFrom(status: number, body: unknown): ApiError {
  return isApiErrorBody(body)
    ? new ApiError(
        status,
        body.error.code,
        body.error.message,
        body.error.params,
        body.error.issues,
        body.error.current,
      )
    : new ApiError(status, 'HTTP_ERROR', 'Something went wrong. Please try again later.');
}

/** A chosen file that can no longer be read: changed, moved or deleted on disk since (issue 25 §4). */
export const fileChanged = () =>
  new ApiError(0, 'FILE_CHANGED', 'This file changed after you chose it. Please choose it again.');

const isUnreadable = (error: unknown) =>
  error instanceof DOMException &&
  ['NotReadableError', 'NotFoundError', 'SecurityError'].includes(error.name);

/** The file's content now, in memory: what is sent cannot change on the way. */
export async function readChosenFile(file: File): Promise<File> {
  try {
    return new File([await file.arrayBuffer()], file.name, {
      type: file.type,
      lastModified: file.lastModified,
    });
  } catch (error) {
    throw isUnreadable(error) ? fileChanged() : error;
  }
}

/**
 * A file edited after it was chosen makes the browser fail the whole request, which reads as a
 * lost connection: every file of a body is read first, and one that cannot be is FILE_CHANGED.
 */
async function withFilesRead(body: RequestInit['body']): Promise<RequestInit['body']> {
  if (body instanceof File) return readChosenFile(body);
  if (!(body instanceof FormData)) return body;
  const copy = new FormData();
  for (const [name, value] of body.entries())
    if (typeof value === 'string') copy.append(name, value);
    else copy.append(name, await readChosenFile(value as File), (value as File).name);
  return copy;
}

/** The server did not answer at all. */
export const networkError = () => new ApiError(0, 'NETWORK_ERROR', networkMessage);

export function apiGet<T>(
  path: string,
  params?: Record<string, string | string[] | undefined>,
): Promise<T> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== '') search.append(key, item);
    }
  }
  const query = search.toString();
  return apiFetch<T>(query ? `${path}?${query}` : path);
}

export function apiPost<T>(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  return apiFetch<T>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}
