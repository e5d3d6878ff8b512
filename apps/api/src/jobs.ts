import type { AnyJob } from './lib/jobs/queue';
import { emailJob } from './lib/jobs/email';
import { reactionJob } from './lib/events';
import type { Deps } from './lib/route';
import { generationJob } from './modules/ai/jobs';
import { importJob } from './modules/imports/job';
import { notificationDeliveryJob } from './modules/notifications/dispatch';
import { composeJob } from './modules/campaigns/compose';
import { enrolJob, joinJob } from './modules/campaigns/enrolment';
import { sendDueJob } from './modules/engine/tick';
import { agentAnswerJob } from './modules/inbox/agent-answer';
import { mailboxSyncJob } from './modules/inbox/imap-sync';
import { pruneJob as liveEventsPruneJob } from './modules/live/prune';
import { planJob as brandPostsPlanJob } from './modules/brand-awareness/planner';
import { publishJob as brandPostPublishJob } from './modules/brand-awareness/publish';
import { placeCallsJob } from './modules/phone-calls/auto-calls';
import { recipientProvidersJob } from './modules/insights/providers';
import { insightSnapshotJob } from './modules/insights/snapshots';
import { autoResumeJob } from './modules/mailboxes/auto-resume';
import { integrationWriteJob } from './modules/integrations/ledger';
import { integrationSyncJob } from './modules/integrations/syncs';

/** Every durable job the API runs (lib/jobs): registered with the queue at start, like routes.ts for routes. */
export const jobDefinitions: ReadonlyArray<AnyJob<Deps>> = [
  emailJob,
  importJob,
  generationJob,
  notificationDeliveryJob,
  enrolJob,
  joinJob,
  composeJob,
  sendDueJob,
  mailboxSyncJob,
  agentAnswerJob,
  liveEventsPruneJob,
  brandPostsPlanJob,
  brandPostPublishJob,
  placeCallsJob,
  recipientProvidersJob,
  insightSnapshotJob,
  autoResumeJob,
  integrationWriteJob,
  integrationSyncJob,
  reactionJob,
];
