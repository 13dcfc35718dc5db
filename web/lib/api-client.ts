import { isApiErrorBody } from '../../shared/api-error';

/** An error the API answered with; `message` is written for the user. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const networkMessage = 'We could not reach the server. Check your connection and try again.';

export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', networkMessage);
  }
  const isJson = response.headers.get('content-type')?.includes('application/json');
  const body: unknown = isJson ? await response.json().catch(() => null) : null;
  if (!response.ok) {
    if (isApiErrorBody(body)) {
      throw new ApiError(response.status, body.error.code, body.error.message, body.error.fields);
    }
    throw new ApiError(
      response.status,
      'HTTP_ERROR',
      'Something went wrong. Please try again later.',
    );
  }
  return body as T;
}

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
