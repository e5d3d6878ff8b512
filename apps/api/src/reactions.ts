import { NOTIFICATION_EVENTS } from '@shared/schemas/notifications';
import { defineReactions } from './lib/events';
import { kickSync } from './lib/jobs/kicks';
import { stopEnrolmentsOnSuppression } from './modules/campaigns/enrolment';
import { checkBounceRates } from './modules/campaigns/lifecycle';
import { reflectInterestInNextStep } from './modules/campaigns/interest';
import { guardDeliverability } from './modules/mailboxes/deliverability-guard';
import { notifyOfActivity } from './modules/notifications/dispatch';
import { subscribeOnConnect } from './modules/integrations/calendly/service';
import { pipelineOnAnswer, pipelineOnMeetingBooked, pipelineOnMeetingCanceled, pipelineOnReplyStatusCorrected } from './modules/pipeline/moves';
import { isPersonsStatus, markInConversation } from './modules/prospects/conversation';
import { deliverActivity, deliverImportedProspects } from './modules/webhooks/deliveries';
import { WEBHOOK_VERBS } from './modules/webhooks/triggers';
import { autoPushReply } from './modules/integrations/auto-push';

/**
 * THE reaction registry: who reacts to which event (the catalogue: packages/shared/src/events.ts; the mechanism:
 * lib/events.ts), like routes.ts for routes and jobs.ts for jobs. `in: 'transaction'` runs in the publishing
 * transaction; `in: 'job'` is a durable job per event (at least once, retried on its own, after the commit).
 * The live cable needs no line here: every activity and live event is written in its change's transaction
 * (lib/live-events.ts) and the cable only delivers what committed.
 */
export const reactions = defineReactions([
  {
    // A bad outcome may take a mailbox (or its domain) over a deliverability threshold: it pauses with the cause (issue 26).
    name: 'deliverability-guard',
    on: 'activity',
    verbs: ['email_bounced', 'email_complained', 'email_blocked'],
    in: 'transaction',
    run: (tx, event, deps) => guardDeliverability(tx, event.data, deps),
  },
  {
    // The same rule at campaign level (issue 26): a complaint or a DSN bounce reported later counts for its campaign at
    // once (a refusal at send time is checked by the outbox, and every tick checks the campaigns that sent).
    name: 'campaign-deliverability',
    on: 'activity',
    verbs: ['email_complained', 'email_bounced'],
    in: 'transaction',
    run: async (tx, event, deps) => {
      const { campaign_id: campaignId, after_send: afterSend } = event.data.payload as { campaign_id?: unknown; after_send?: unknown };
      if (typeof campaignId !== 'number' || (event.data.verb === 'email_bounced' && afterSend !== true)) return;
      const now = deps.clock ? deps.clock() : new Date();
      await checkBounceRates(tx, event.accountId, [campaignId], event.data.occurredAt > now ? event.data.occurredAt : now);
    },
  },
  {
    name: 'stop-enrolments-of-suppressed',
    on: 'address_suppressed',
    in: 'transaction',
    run: (tx, event) => stopEnrolmentsOnSuppression(tx, event.accountId, event.data.target, event.data.reason),
  },
  {
    name: 'pipeline-on-answer',
    on: 'prospect_answered',
    in: 'transaction',
    run: async (tx, event) => {
      await pipelineOnAnswer(tx, event.accountId, event.data);
    },
  },
  {
    // Whoever answered as a person is in conversation: no campaign enrols them automatically again (issue 25).
    name: 'in-conversation-on-answer',
    on: 'prospect_answered',
    in: 'transaction',
    run: (tx, { accountId, data }) => markInConversation(tx, accountId, data.prospect_id, new Date(data.at)),
  },
  {
    name: 'in-conversation-on-status-corrected',
    on: 'reply_status_corrected',
    in: 'transaction',
    run: async (tx, { accountId, data }) => {
      if (data.prospect_id !== null && isPersonsStatus(data.reply_status)) await markInConversation(tx, accountId, data.prospect_id, new Date(data.at));
    },
  },
  {
    name: 'pipeline-on-status-corrected',
    on: 'reply_status_corrected',
    in: 'transaction',
    run: async (tx, { accountId, data }) => {
      if (!data.reply_status) return;
      await pipelineOnReplyStatusCorrected(tx, {
        accountId,
        prospectId: data.prospect_id,
        threadId: data.thread_id,
        replyStatus: data.reply_status as Parameters<typeof pipelineOnReplyStatusCorrected>[1]['replyStatus'],
        userId: data.user_id,
        now: new Date(data.at),
      });
    },
  },
  {
    name: 'pipeline-on-meeting-booked',
    on: 'activity',
    verbs: ['meeting_booked'],
    in: 'transaction',
    run: (tx, event) => pipelineOnMeetingBooked(tx, event.data),
  },
  {
    // A meeting canceled on the calendar (issue 27): the card steps back from "meeting booked".
    name: 'pipeline-on-meeting-canceled',
    on: 'calendar_meeting_canceled',
    in: 'transaction',
    run: async (tx, event) => {
      await pipelineOnMeetingCanceled(tx, event.accountId, event.data);
    },
  },
  {
    // A mailbox that sends starts being synced over IMAP: replies, bounces and auto-replies come back there.
    name: 'sync-mailbox-on-send',
    on: 'activity',
    verbs: ['email_sent'],
    in: 'transaction',
    run: async (tx, event, deps) => {
      const mailboxId = (event.data.payload as { user_email_id?: unknown }).user_email_id;
      if (typeof mailboxId === 'number') await kickSync(deps, event.accountId, mailboxId, tx);
    },
  },
  {
    // Connecting Calendly subscribes its signed webhook: a vendor write, so a ledger entry whose job runs after the commit.
    name: 'calendly-subscribe-on-connect',
    on: 'activity',
    verbs: ['integration_connected'],
    in: 'transaction',
    run: (tx, event, deps) => subscribeOnConnect(tx, deps, event.data),
  },
  {
    // A reply (or a positive one) pushes its prospect to the connected CRM when the user turned that on (issue 27): a
    // vendor call, so a durable job, through the integration's write ledger.
    name: 'crm-push-on-reply',
    on: 'activity',
    verbs: ['reply_received', 'reply_interested', 'meeting_requested'],
    in: 'job',
    run: (deps, event) => autoPushReply(deps, event.data),
  },
  {
    // A visit by a prospect (or their company) while their sequence runs gives the agent the topics read for the next
    // follow-up (issue 28): written again unless someone reviewed or edited it. An AI call: a durable job, not the request.
    name: 'interest-into-next-step',
    on: 'activity',
    verbs: ['website_visited'],
    in: 'job',
    run: async (deps, event) => {
      const payload = event.data.payload as { campaign_id?: unknown; pages?: unknown };
      if (typeof payload.campaign_id !== 'number' || event.data.prospectId === null) return;
      const pages = Array.isArray(payload.pages) ? (payload.pages as Array<{ title?: unknown; path?: unknown }>) : [];
      const topics = pages
        .filter((p) => p.path !== '/')
        .map((p) => (typeof p.title === 'string' && p.title) || (typeof p.path === 'string' ? p.path.replace(/^\/+|\/+$/g, '').split('/').pop()!.replace(/[-_]+/g, ' ') : ''))
        .filter(Boolean);
      await reflectInterestInNextStep(deps, event.accountId, { prospectId: event.data.prospectId, campaignId: payload.campaign_id, topics }, deps.clock ? deps.clock() : new Date());
    },
  },
  {
    name: 'notify',
    on: 'activity',
    verbs: NOTIFICATION_EVENTS,
    in: 'job',
    run: (deps, event) => notifyOfActivity(deps, event.data),
  },
  {
    // Zapier's REST hooks and the plain webhooks (issue 27): an activity that is a trigger's event becomes one signed
    // delivery per listening hook (modules/webhooks/deliveries.ts), each a durable job of its own.
    name: 'webhooks',
    on: 'activity',
    verbs: WEBHOOK_VERBS,
    in: 'job',
    run: (deps, event) => deliverActivity(deps, event.data),
  },
  {
    // Prospects created in bulk (an import, a LinkedIn search page) are each a `prospect.created`: no activity names each.
    name: 'webhooks-on-prospects-created',
    on: 'prospects_created',
    in: 'job',
    run: (deps, event) => deliverImportedProspects(deps, event.accountId, event.data.prospect_ids),
  },
]);
