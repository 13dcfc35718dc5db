import { hkdfSync } from 'node:crypto';
import type { Config } from '../../config.ts';
import { resolveAuthSecret } from '../../auth/secret.ts';

/**
 * The key that signs tracking tokens: TRACKING_TOKEN_SECRET, else one derived from the auth secret
 * (which outside production is generated once and kept in DATA_DIR, so e-mailed links survive restarts).
 */
export async function resolveTrackingSecret(config: Config): Promise<Buffer> {
  if (config.tracking.secret) return Buffer.from(config.tracking.secret);
  const authSecret = await resolveAuthSecret(config);
  return Buffer.from(hkdfSync('sha256', authSecret, 'uk-study-portal', 'tracking-tokens', 32));
}
