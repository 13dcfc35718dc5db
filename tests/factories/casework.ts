import type { FastifyInstance } from 'fastify';
import { multipartBody, type UploadFile } from './application.ts';

/** Who sends a request: a session cookie, the track page's tracking token, or nobody. */
export interface Caller {
  cookie?: string | null;
  token?: string | null;
}

const headersOf = (app: FastifyInstance, caller: Caller) => ({
  origin: app.config.publicUrl,
  ...(caller.cookie ? { cookie: caller.cookie } : {}),
  ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
});

/** POST /api/applications/:id/documents/:key with one file (as the track page sends it). */
export function uploadDocumentVersion(
  app: FastifyInstance,
  applicationId: string,
  file: UploadFile,
  caller: Caller,
  key = file.key,
) {
  const { payload, contentType } = multipartBody({}, [file]);
  return app.inject({
    method: 'POST',
    url: `/api/applications/${applicationId}/documents/${key}`,
    payload,
    headers: { ...headersOf(app, caller), 'content-type': contentType },
  });
}

/** Staff decide on the current version of a document. */
export function reviewDocumentAs(
  app: FastifyInstance,
  applicationId: string,
  key: string,
  body: { version: number; state: 'verified' | 'rejected'; reason?: string },
  caller: Caller,
) {
  return app.inject({
    method: 'POST',
    url: `/api/staff/applications/${applicationId}/documents/${key}/review`,
    payload: body,
    headers: headersOf(app, caller),
  });
}
