import { z } from 'zod';

/**
 * The version of an editable record a save was based on (issue 25 §2, decision 0040): the server
 * bumps it on every save and answers 409 with the current record when a save names an older one.
 */
export const recordVersion = z
  .number({ error: 'VERSION_REQUIRED' })
  .int('VERSION_REQUIRED')
  .min(1, 'VERSION_REQUIRED')
  .max(2_147_483_647, 'VERSION_REQUIRED');
