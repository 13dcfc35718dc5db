import { z } from 'zod';
import { accountEmail, passwordAgainInput } from './auth.ts';

/** An admin acting on a data request that came by e-mail: the person's address, and the admin's own password again. */
export const dataRequestInput = passwordAgainInput.extend({ email: accountEmail });
export type DataRequestInput = z.infer<typeof dataRequestInput>;
