import { createHash, randomBytes } from 'node:crypto';

/** 128 random bits: nobody finds a room by trying names (D19). */
export function newRoomName(): string {
  return `UKStudyPortal-${randomBytes(16).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export function roomUrl(meetingBaseUrl: string, roomName: string): string {
  return `${meetingBaseUrl.replace(/\/?$/, '/')}${roomName}`;
}

/** The secret of an e-mailed manage link, and what the database keeps of it. */
export function newManageSecret(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecret(token) };
}

export const hashSecret = (value: string) => createHash('sha256').update(value).digest('hex');
