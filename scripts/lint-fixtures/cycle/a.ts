// A two-file value cycle: eslint.config.test.ts lints it and expects import-x/no-cycle to report it.
import { b } from './b';

export const a = () => b() + 1;
