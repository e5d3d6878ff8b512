import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';
import { campaignEmails, campaignEnrolments, campaigns } from './campaigns';
import { at, createdAt, updatedAt } from './common';
import { prospects } from './prospects';
import { userEmails } from './user-emails';
import { virtualEmployees } from './virtual-employees';

/**
 * Mail in (issue 12): a conversation with one prospect, per (account, enrolment) when it grew out of a
 * campaign email. Created when the first message that threads onto one of our emails arrives (a reply,
 * an auto-reply, a bounce); the campaign emails already sent to the prospect are copied in as outbound
 * messages then, and later ones as they show up in the Sent folder. Threading is by Message-ID,
 * In-Reply-To and References only (modules/inbox/ingest.ts).
 */
export const emailThreads = pgTable(
  'email_threads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    prospectId: integer('prospect_id').references(() => prospects.id, { onDelete: 'set null' }),
    enrolmentId: integer('enrolment_id').references(() => campaignEnrolments.id, { onDelete: 'set null' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    /** The mailbox the conversation runs through (answers leave from it). */
    userEmailId: integer('user_email_id').references(() => userEmails.id, { onDelete: 'set null' }),
    virtualEmployeeId: integer('virtual_employee_id').references(() => virtualEmployees.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    /** The address we wrote to, lowercased. */
    prospectEmail: text('prospect_email').notNull(),
    lastMessageAt: at('last_message_at').notNull(),
    /** The first human reply (null: none yet; the thread holds only our emails, auto-replies or bounces). */
    repliedAt: at('replied_at'),
    unread: boolean('unread').notNull().default(false),
    starred: boolean('starred').notNull().default(false),
    /** The reply classifier's status (its set is designed with the classifier); null until classified. */
    replyStatus: text('reply_status'),
    /** Who set reply_status: rules | ai (the classifier, at ingestion) or user (a correction, never overwritten by ingestion). */
    replyStatusSource: text('reply_status_source', { enum: ['rules', 'ai', 'user'] }),
    /** True once a human replied or the user stopped it: nothing more goes out in this sequence. */
    stopSending: boolean('stop_sending').notNull().default(false),
    /**
     * The classifier was unsure of the newest reply (low confidence, and no AI provider or the provider failed):
     * the thread says "Needs your review" and the prospect's unsent emails are held until the user sets a status
     * (docs/decisions.md, "Needs your review"). Cleared by the user's status.
     */
    needsReview: boolean('needs_review').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('email_threads_account_enrolment_unique').on(t.accountId, t.enrolmentId),
    index('email_threads_account_last_idx').on(t.accountId, t.lastMessageAt),
    index('email_threads_account_prospect_email_idx').on(t.accountId, t.prospectEmail),
    // The inbox list's common filters at 100k threads (see docs/decisions.md, "The inbox API"). The migration
    // (0018_inbox_status) adds INCLUDE columns drizzle cannot declare: each covers the other two filters, so the
    // list's count(*) of any mix of status, campaign and unread is an index-only scan.
    index('email_threads_account_status_last_idx').on(t.accountId, t.replyStatus, t.lastMessageAt),
    index('email_threads_account_campaign_last_idx').on(t.accountId, t.campaignId, t.lastMessageAt),
    index('email_threads_account_unread_last_idx').on(t.accountId, t.lastMessageAt).where(sql`${t.unread}`),
    index('email_threads_account_review_last_idx').on(t.accountId, t.lastMessageAt).where(sql`${t.needsReview}`),
    check('email_threads_reply_status_source_check', sql`${t.replyStatusSource} is null or ${t.replyStatusSource} in ('rules', 'ai', 'user')`),
  ],
);

export const THREAD_MESSAGE_DIRECTIONS = ['inbound', 'outbound'] as const;
export const THREAD_MESSAGE_KINDS = ['human', 'auto_reply', 'bounce', 'own'] as const;

/**
 * One message of a thread: ours (a campaign email, or what the user answered from their mail client,
 * kind own, outbound) or the prospect's side (human, auto_reply, bounce; inbound). The unique key
 * (account, mailbox, Message-ID) makes a second ingestion of the same message (a resync after a
 * UIDVALIDITY change, the same message in two folders) a no-op.
 */
export const emailThreadMessages = pgTable(
  'email_thread_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => emailThreads.id, { onDelete: 'cascade' }),
    userEmailId: integer('user_email_id').references(() => userEmails.id, { onDelete: 'set null' }),
    /** The campaign email this is (outbound) or answers / bounced (inbound), when known. */
    campaignEmailId: integer('campaign_email_id').references(() => campaignEmails.id, { onDelete: 'set null' }),
    direction: text('direction', { enum: THREAD_MESSAGE_DIRECTIONS }).notNull(),
    kind: text('kind', { enum: THREAD_MESSAGE_KINDS }).notNull(),
    /** "<…>", with the angle brackets (a message without one gets a digest of its source). */
    messageId: text('message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    /** Space-separated Message-IDs, oldest first. */
    references: text('references'),
    fromEmail: text('from_email').notNull(),
    fromName: text('from_name'),
    toEmails: text('to_emails').array().notNull().default(sql`'{}'::text[]`),
    ccEmails: text('cc_emails').array().notNull().default(sql`'{}'::text[]`),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull().default(''),
    /** Sanitised (lib/sanitize-rich-text.ts, the email-body list); null for a plain-text message. */
    html: text('html'),
    sentAt: at('sent_at').notNull(),
    imapFolder: text('imap_folder'),
    imapUid: bigint('imap_uid', { mode: 'number' }),
    /** Inbound from an address other than the prospect's (a colleague answering in the thread). */
    fromColleague: boolean('from_colleague').notNull().default(false),
    /** A bounce: the DSN's Status (5.1.1), Action and Final-Recipient. An out-of-office: the return date found. */
    details: jsonb('details'),
    /** An inbound message's own classification (the thread's reply_status is the one that counts, see nextReplyStatus). */
    replyStatus: text('reply_status'),
    /** Its classification was unsure (low confidence, no usable AI answer): the thread waits for the user's review. */
    needsReview: boolean('needs_review').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_thread_messages_account_mailbox_message_unique').on(t.accountId, t.userEmailId, t.messageId),
    index('email_thread_messages_account_thread_idx').on(t.accountId, t.threadId, t.sentAt),
    index('email_thread_messages_account_message_idx').on(t.accountId, t.messageId),
    check('email_thread_messages_direction_check', sql`${t.direction} in ('inbound', 'outbound')`),
    check('email_thread_messages_kind_check', sql`${t.kind} in ('human', 'auto_reply', 'bounce', 'own')`),
  ],
);

/**
 * The IMAP sync cursor of one folder of one mailbox (modules/inbox/imap-sync.ts): the UIDVALIDITY it
 * belongs to and the highest UID taken in. A changed UIDVALIDITY rescans the folder (the messages
 * dedupe by Message-ID). The lease columns make one sync per mailbox at a time across API processes.
 */
export const imapSyncStates = pgTable(
  'imap_sync_states',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    userEmailId: integer('user_email_id')
      .notNull()
      .references(() => userEmails.id, { onDelete: 'cascade' }),
    folder: text('folder').notNull(),
    uidValidity: bigint('uid_validity', { mode: 'number' }),
    lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
    lastSyncedAt: at('last_synced_at'),
    /** The last sync's failure, shown to the user (null: it worked). */
    error: text('error'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('imap_sync_states_mailbox_folder_unique').on(t.userEmailId, t.folder), index('imap_sync_states_account_idx').on(t.accountId)],
);

/** Who syncs a mailbox now: one process at a time (a lease, freed when `expires_at` passes). */
export const imapSyncLeases = pgTable('imap_sync_leases', {
  userEmailId: integer('user_email_id')
    .primaryKey()
    .references(() => userEmails.id, { onDelete: 'cascade' }),
  accountId: accountIdColumn(),
  holder: uuid('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** A bounce's class (modules/inbox/bounces/classify.ts). */
export const BOUNCE_CLASSES = ['permanent', 'temporary', 'policy', 'complaint'] as const;

/**
 * Every failed recipient of every bounce a mailbox received (issue 25), matched to what we sent or not: one row
 * per (account, bounce Message-ID, recipient). Matched rows carry their campaign email; unmatched ones are kept
 * as they came (never guessed onto someone else). Repeated temporary failures of an address are counted here,
 * and policy refusals per mailbox/domain can be counted from it.
 */
export const bounceReports = pgTable(
  'bounce_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    /** The mailbox the bounce came to (the sending mailbox). */
    userEmailId: integer('user_email_id').references(() => userEmails.id, { onDelete: 'set null' }),
    /** The bounce's own Message-ID. */
    messageId: text('message_id').notNull(),
    /** The Message-ID of the message that came back, when the report returns it. */
    originalMessageId: text('original_message_id'),
    /** The failed recipient, lowercased ('' when the report names none). */
    recipient: text('recipient').notNull(),
    /** dsn | plain | complaint */
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    smtpCode: integer('smtp_code'),
    class: text('class', { enum: BOUNCE_CLASSES }).notNull(),
    reason: text('reason').notNull(),
    diagnostic: text('diagnostic'),
    /** The campaign email it answers, when one matched (by Message-ID, else the recipient among recent sends). */
    campaignEmailId: integer('campaign_email_id').references(() => campaignEmails.id, { onDelete: 'set null' }),
    /** How it matched: message_id | recipient | null (unmatched). */
    matchedBy: text('matched_by'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bounce_reports_account_message_recipient_unique').on(t.accountId, t.messageId, t.recipient),
    index('bounce_reports_account_recipient_idx').on(t.accountId, t.recipient, t.receivedAt),
    index('bounce_reports_account_mailbox_class_idx').on(t.accountId, t.userEmailId, t.class, t.receivedAt),
    check('bounce_reports_class_check', sql`${t.class} in ('permanent', 'temporary', 'policy', 'complaint')`),
    check('bounce_reports_recipient_lower_check', sql`${t.recipient} = lower(${t.recipient})`),
  ],
);

export type BounceReportRow = typeof bounceReports.$inferSelect;
export type EmailThreadRow = typeof emailThreads.$inferSelect;
export type EmailThreadMessageRow = typeof emailThreadMessages.$inferSelect;
export type ImapSyncStateRow = typeof imapSyncStates.$inferSelect;
