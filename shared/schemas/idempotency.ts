import { z } from 'zod';

/** A key the client makes once per form fill and resends on every retry of that submission. */
export const idempotencyKeyHeader = 'idempotency-key';
export const idempotencyKey = z.uuid('The Idempotency-Key header must be a UUID');
