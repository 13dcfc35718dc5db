import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { applicationDocuments } from '../../server/db/schema/index.ts';
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

/** `?part=` as sent (a hostile value stays as it is), nothing for the slot's first file. */
const partSuffix = (part: number | string | undefined) =>
  part === undefined ? '' : `?part=${encodeURIComponent(part)}`;

/** POST /api/applications/:id/documents/:key with one file (as the track page sends it). */
export function uploadDocumentVersion(
  app: FastifyInstance,
  applicationId: string,
  file: UploadFile,
  caller: Caller,
  key = file.key,
  part?: number | string,
) {
  const { payload, contentType } = multipartBody({}, [file]);
  return app.inject({
    method: 'POST',
    url: `/api/applications/${applicationId}/documents/${key}${partSuffix(part)}`,
    payload,
    headers: { ...headersOf(app, caller), 'content-type': contentType },
  });
}

/** The review version of a document's current upload, as a reviewer's screen would show it. */
export async function reviewVersionOf(
  app: FastifyInstance,
  applicationId: string,
  key: string,
  part = 1,
) {
  const [row] = await app.db
    .select({ reviewVersion: applicationDocuments.reviewVersion })
    .from(applicationDocuments)
    .where(
      and(
        eq(applicationDocuments.applicationId, applicationId),
        eq(applicationDocuments.key, key as never),
        eq(applicationDocuments.part, part),
      ),
    )
    .orderBy(desc(applicationDocuments.version))
    .limit(1);
  return row?.reviewVersion ?? 1;
}

/**
 * Staff decide on the current version of a document; without `reviewVersion`, on the review as it
 * is now (a reviewer who saw the latest).
 */
export async function reviewDocumentAs(
  app: FastifyInstance,
  applicationId: string,
  key: string,
  body: {
    version: number;
    reviewVersion?: number;
    state: 'verified' | 'rejected';
    reason?: string;
  },
  caller: Caller,
  part?: number | string,
) {
  const reviewVersion =
    body.reviewVersion ??
    (await reviewVersionOf(app, applicationId, key, typeof part === 'number' ? part : 1));
  return app.inject({
    method: 'POST',
    url: `/api/staff/applications/${applicationId}/documents/${key}/review${partSuffix(part)}`,
    payload: { ...body, reviewVersion },
    headers: headersOf(app, caller),
  });
}
