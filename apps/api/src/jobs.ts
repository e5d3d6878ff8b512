import type { AnyJob } from './lib/jobs/queue';
import { emailJob } from './lib/jobs/email';
import type { Deps } from './lib/route';
import { importJob } from './modules/imports/job';

/** Every durable job the API runs (lib/jobs): registered with the queue at start, like routes.ts for routes. */
export const jobDefinitions: ReadonlyArray<AnyJob<Deps>> = [emailJob, importJob];
