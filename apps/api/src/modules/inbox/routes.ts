import { z } from 'zod';
import { v1 } from '@shared/constants';
import {
  emailThreadExportQuerySchema,
  emailThreadListQuerySchema,
  emailThreadListSchema,
  emailThreadMessageListSchema,
  emailThreadMessageSchema,
  emailThreadSchema,
  emailThreadStatsSchema,
  replyDraftSchema,
  replySchema,
  replyStatusCorrectionsSchema,
  sendReplyBodySchema,
  updateEmailThreadBodySchema,
  updateReplyBodySchema,
} from '@shared/schemas/email-threads';
import { idParamsSchema } from '../../lib/params';
import { defineRoute } from '../../lib/route';
import { replyText } from './reply-draft';
import { sendReply } from './send-reply';
import * as service from './service';

const TAGS = ['inbox'];
const one = { 200: z.object({ data: emailThreadSchema }) };

/**
 * The inbox (spec §7 email threads and replies; issue 12): the thread list with spec §3's filters, its
 * counts, one thread and its messages, the user's marks, stopping a sequence, the CSV export, answering
 * and drafting an answer.
 */
export const inboxRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/email_threads'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Email threads of the account: page, per_page, sort, sort_direction, filters (a JSON object with the thread filters of spec §3)',
    tags: TAGS,
    schema: { querystring: emailThreadListQuerySchema, response: { 200: emailThreadListSchema } },
    handler: async ({ auth, deps, query }) => service.list(deps, auth, query),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/email_threads/stats'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Thread counts: total, unread, starred, stopped, interested, and per reply status',
    tags: TAGS,
    schema: { response: { 200: z.object({ data: emailThreadStatsSchema }) } },
    handler: async ({ auth, deps }) => ({ data: await service.stats(deps, auth) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/email_threads/export_to_csv'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'The filtered threads as CSV (same filters and order as the list; cells that would run as formulas are escaped)',
    tags: TAGS,
    schema: { querystring: emailThreadExportQuerySchema },
    handler: async ({ auth, deps, query, reply }) => {
      const csv = await service.exportCsv(deps, auth, query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="inbox-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  }),
  defineRoute({
    method: 'GET',
    url: v1('/email_threads/:id'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'One email thread with its prospect, campaign and last message',
    tags: TAGS,
    schema: { params: idParamsSchema, response: one },
    handler: async ({ auth, deps, params }) => ({ data: await service.show(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/email_threads/:id'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "Mark a thread read or unread, starred, interested, or correct its reply status (the user's status is kept over the classifier's)",
    tags: TAGS,
    schema: { params: idParamsSchema, body: updateEmailThreadBodySchema, response: one },
    handler: async ({ auth, body, deps, params }) => ({ data: await service.update(deps, auth, params.id, body) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/email_threads/:id/mark_stop_sending'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "Stop this prospect's sequence: the address is suppressed (reason stopped), its enrolments stop and unsent emails are cancelled",
    tags: TAGS,
    schema: { params: idParamsSchema, response: one },
    handler: async ({ auth, deps, params }) => ({ data: await service.markStopSending(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/email_threads/:id/send_reply'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Send an answer (text or HTML, sanitised) through the thread’s mailbox with In-Reply-To, References and a "Re:" subject; stored in the thread and appended to the Sent folder when the provider does not file it',
    tags: TAGS,
    rateLimit: 'outbound',
    schema: { params: idParamsSchema, body: sendReplyBodySchema, response: { 200: z.object({ data: emailThreadMessageSchema }) } },
    handler: async ({ auth, body, deps, params }) => ({ data: await sendReply(deps, auth, params.id, body.body) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/email_threads/:id/reply_text'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Draft an answer to the prospect’s last reply with the AI provider (never for unsubscribe, out-of-office, auto-replies, bounces or a plain no: 422)',
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: z.object({ data: replyDraftSchema }) } },
    handler: async ({ auth, deps, params }) => ({ data: await replyText(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/email_thread_messages/:id'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "A thread's messages (id: the thread's), oldest first; HTML sanitised",
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: emailThreadMessageListSchema } },
    handler: async ({ auth, deps, params }) => ({ data: await service.messages(deps, auth, params.id) }),
  }),
  defineRoute({
    method: 'PUT',
    url: v1('/replies/:id'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "Mark a reply (an inbound message): its reply status (the user's correction, kept) and read state, which are its thread's",
    tags: TAGS,
    schema: { params: idParamsSchema, body: updateReplyBodySchema, response: { 200: z.object({ data: replySchema }) } },
    handler: async ({ auth, body, deps, params }) => ({ data: await service.updateReply(deps, auth, params.id, body) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/replies/:id/skip_agent_answer'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "Stop the agent's automatic answer waiting for this reply (auto_reply): the reply with its answer skipped; idempotent; 409 once the answer is sending or sent",
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: z.object({ data: emailThreadMessageSchema }) } },
    handler: async ({ auth, deps, params }) => ({ data: await service.skipAgentAnswer(deps, auth, params.id, deps.clock?.()) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/reply_status_corrections'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "How often the user corrects each label the reply classifier gives: per label, times given, times corrected, and corrected to what (most common first)",
    tags: TAGS,
    schema: { response: { 200: replyStatusCorrectionsSchema } },
    handler: async ({ auth, deps }) => ({ data: await service.replyStatusCorrections(deps, auth) }),
  }),
];
