import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailMessage } from './types.ts';

export interface OutboxMessage extends MailMessage {
  id: string;
  from: string;
  createdAt: string;
}

const idPattern = /^[0-9]{8}T[0-9]{9}Z-[0-9a-f]{8}$/;

export function isOutboxId(value: string): boolean {
  return idPattern.test(value);
}

/** Ids sort by time: 20250102T030405678Z-1a2b3c4d. */
function newId(now: Date, suffix = randomBytes(4).toString('hex')): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${suffix}`;
}

/** Every message as `<id>.json` plus `<id>.html` under DATA_DIR/outbox, for people and tests to read. */
export class DevOutbox {
  constructor(readonly dir: string) {}

  /**
   * With `source` (the mail outbox row), the file name comes from it, so a message delivered
   * again after a crash replaces its own file instead of appearing twice.
   */
  async save(
    message: MailMessage & { from: string },
    source?: { id: string; createdAt: Date },
  ): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const createdAt = source?.createdAt ?? new Date();
    const id = newId(createdAt, source?.id.replace(/-/g, '').slice(0, 8));
    const record: OutboxMessage = { id, createdAt: createdAt.toISOString(), ...message };
    await writeFile(path.join(this.dir, `${id}.html`), message.html, 'utf8');
    // Written under a temporary name first so a reader never sees half a message.
    const tmp = path.join(this.dir, `.${id}.json.tmp`);
    await writeFile(tmp, JSON.stringify(record, null, 2), 'utf8');
    await rename(tmp, path.join(this.dir, `${id}.json`));
    return id;
  }

  /** Newest first. */
  async list(): Promise<OutboxMessage[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const ids = names
      .filter((n) => n.endsWith('.json') && isOutboxId(n.slice(0, -5)))
      .map((n) => n.slice(0, -5))
      .sort()
      .reverse();
    const messages = await Promise.all(ids.map((id) => this.get(id)));
    return messages.filter((m): m is OutboxMessage => m !== null);
  }

  async get(id: string): Promise<OutboxMessage | null> {
    if (!isOutboxId(id)) return null;
    try {
      return JSON.parse(await readFile(path.join(this.dir, `${id}.json`), 'utf8')) as OutboxMessage;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}
