import { z } from 'zod';

/** `/:id` of a row: a positive 32-bit integer (the identity columns), so junk never reaches SQL. */
export const idParamsSchema = z.strictObject({
  id: z.coerce.number({ error: 'id must be a number' }).int({ error: 'id must be a whole number' }).positive({ error: 'id must be positive' }).max(2147483647, { error: 'id is too large' }),
});
