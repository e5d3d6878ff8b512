import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TMP_DIR = path.resolve(fileURLToPath(new URL('../.tmp', import.meta.url)));
export const MAIL_DIR = path.join(TMP_DIR, 'mail');
