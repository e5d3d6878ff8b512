import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReplyModel } from './classify-model';

/** Where the trained model is shipped (written by `npm run train:reply-model`; scripts/build-api.mjs copies it beside the bundle). */
export const REPLY_MODEL_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'classify-model.json');

let loaded: ReplyModel | null | undefined;

/** The shipped model, read once; null when none is shipped. */
export function shippedReplyModel(): ReplyModel | null {
  if (loaded === undefined) loaded = existsSync(REPLY_MODEL_FILE) ? (JSON.parse(readFileSync(REPLY_MODEL_FILE, 'utf8')) as ReplyModel) : null;
  return loaded;
}
