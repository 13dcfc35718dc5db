import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ErasureChannel } from '../../../shared/schemas/personal-data.ts';
import type { Db } from '../../db/client.ts';
import type { SubjectApplication } from './subjects.ts';

/**
 * The person whose data is exported or erased (UK GDPR articles 15, 17, 20): an account, an e-mail
 * address, or both. Their applications are the account's and those sent signed out with the same
 * address once the address is proven (a confirmed account, or an admin's call on a request by
 * e-mail): finding 10 of issue 22.
 */
export interface DataSubject {
  /** The account, when there is one. */
  userId: string | null;
  email: string;
  /** The address is the person's: a confirmed account, or an admin's call. Then applications sent signed out with it count. */
  addressProven: boolean;
  applications: SubjectApplication[];
}

/** What an erasure does with the subject's applications (D16): erase at once, or keep as a case. */
export interface ErasurePlan {
  erase: string[];
  keep: string[];
  /** How the person asked, and when (the erasure's time). */
  channel: ErasureChannel;
  at: Date;
}

/** A file for the export zip, opened only when the zip is written. */
export interface ExportFile {
  /** Path inside the zip, e.g. `documents/<application>/cv-v1-my-cv.pdf`. */
  path: string;
  open: () => Promise<Readable>;
}

export interface PersonalDataSource {
  /** The key of this module's part of data.json (e.g. `applications`). */
  name: string;
  /** What the module holds about the person: JSON for data.json, and files for the zip. */
  collect(
    app: FastifyInstance,
    subject: DataSubject,
  ): Promise<{ data: unknown; files?: ExportFile[] }>;
  /**
   * Erases it, inside the deletion's transaction, following the plan: what belongs to a kept case
   * stays unless the module says otherwise. May keep anonymised statistics. Returns the storage
   * keys to delete once the transaction commits (marked pending first, so a crash leaves no
   * orphan) and counts for the audit record.
   */
  erase(
    app: FastifyInstance,
    tx: Db,
    subject: DataSubject,
    plan: ErasurePlan,
  ): Promise<{ storageKeys?: string[]; counts?: Record<string, number> }>;
}

/**
 * Every module that keeps personal data registers here, so "Download my data" and "Delete my
 * account" cover it: `app.personalData.register({ name, collect, erase })`. Sources run in the
 * order registered; erasure runs in reverse, so a module registered later (that refers to
 * earlier ones) goes first and the account itself, registered first, goes last.
 */
export class PersonalDataRegistry {
  private readonly sources: PersonalDataSource[] = [];

  register(source: PersonalDataSource): void {
    if (this.sources.some((s) => s.name === source.name))
      throw new Error(`personal data source ${source.name} registered twice`);
    this.sources.push(source);
  }

  all(): readonly PersonalDataSource[] {
    return this.sources;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    personalData: PersonalDataRegistry;
  }
}
