import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';

/** The person whose data is exported or erased (UK GDPR articles 15, 17, 20). */
export interface DataSubject {
  id: string;
  email: string;
}

/** A file for the export zip, opened only when the zip is written. */
export interface ExportFile {
  /** Path inside the zip, e.g. `documents/<application>/cv-my-cv.pdf`. */
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
   * Erases it, inside the deletion's transaction; may keep anonymised statistics. Returns the
   * storage keys to delete once the transaction commits (marked pending first, so a crash leaves
   * no orphan) and counts for the audit record.
   */
  erase(
    app: FastifyInstance,
    tx: Db,
    subject: DataSubject,
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
