import { z } from 'zod';
import { dbIdParam } from '@shared/schemas/primitives';

/** `/:id` of a row: a positive 32-bit integer (the identity columns), so junk never reaches SQL. */
export const idParamsSchema = z.strictObject({ id: dbIdParam('id') });
