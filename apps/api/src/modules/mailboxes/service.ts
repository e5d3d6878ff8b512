import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CONNECTION_FIELDS,
  type ConnectionStep,
  type ConnectionTest,
  type createUserEmailBodySchema,
  type DnsCheck,
  PAUSED_BY_USER_REASON,
  type SendingDomain,
  type updateUserEmailBodySchema,
  type UserCredential,
  type UserEmail,
} from '@shared/schemas/user-emails';
import { sendingDomains, userEmails, type UserEmailRow } from '../../db/schema';
import { HttpError, notFound, unprocessable } from '../../lib/http-error';
import type { MailEndpoint } from '../../lib/mail';
import type { AuthContext, Deps } from '../../lib/route';
import { credentialsOf, setCredentialState, storeCredential, type CredentialState } from './credentials';
import { signInOf } from './oauth-tokens';
import { emitLiveEvent } from '../../lib/live-events';
import { recordActivity } from '../activities/service';
import { checkDomain } from './dns-checks';
import { limitToday, utcDay } from './warmup';
import { AUTO_RESUME_RAMP_DAYS } from '@shared/constants';
import { kickSending } from '../../lib/jobs/kicks';

type CreateBody = z.output<typeof createUserEmailBodySchema>;
type UpdateBody = z.output<typeof updateUserEmailBodySchema>;

export const MESSAGES = {
  notFound: 'Mailbox not found',
  duplicate: 'This mailbox is already connected',
  pausedByUser: PAUSED_BY_USER_REASON,
  oauthNoPassword: 'This mailbox signs in with OAuth: connect it again with its provider instead of entering a password',
};

/** A domain check older than this is redone when GET domains is asked. */
export const DOMAIN_CHECK_TTL_MS = 60 * 60 * 1000;

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

export function toUserEmailJson(row: UserEmailRow, domainFailing: boolean | null, now = new Date()): UserEmail {
  return {
    id: row.id,
    email: row.email,
    domain: row.domain,
    sender_name: row.senderName,
    smtp_host: row.smtpHost,
    smtp_port: row.smtpPort,
    smtp_security: row.smtpSecurity,
    smtp_username: row.smtpUsername,
    imap_host: row.imapHost,
    imap_port: row.imapPort,
    imap_security: row.imapSecurity,
    imap_username: row.imapUsername,
    auth_method: row.authMethod,
    oauth_provider: row.oauthProvider,
    sent_folder: row.sentFolder,
    daily_limit: row.dailyLimit,
    hourly_limit: row.hourlyLimit,
    min_gap_seconds: row.minGapSeconds,
    warmup_enabled: row.warmupEnabled,
    warmup_start: row.warmupStart,
    warmup_increase: row.warmupIncrease,
    warmup_ceiling: row.warmupCeiling,
    warmup_started_on: row.warmupStartedOn,
    limit_today: limitToday(row, utcDay(now)),
    dkim_selector: row.dkimSelector,
    status: row.status,
    status_reason: row.statusReason,
    auto_resume: row.autoResume,
    auto_resume_at: row.status === 'paused' && row.autoResume && row.autoResumeAt ? row.autoResumeAt.toISOString() : null,
    reduced_until: reducedUntil(row, now),
    domain_failing: domainFailing,
    last_test: (row.lastTest as ConnectionTest | null) ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The day a mailbox that resumed by itself is back at its full limit, while it is not yet (UTC days, as the ramp). */
function reducedUntil(row: UserEmailRow, now: Date): string | null {
  if (!row.autoResumedAt || row.status !== 'active') return null;
  const until = utcDay(new Date(Date.parse(`${utcDay(row.autoResumedAt)}T00:00:00Z`) + AUTO_RESUME_RAMP_DAYS * 86_400_000));
  return until > utcDay(now) ? until : null;
}

async function mailboxOf(deps: Deps, accountId: number, id: number): Promise<UserEmailRow> {
  const [row] = await deps.db.select().from(userEmails).where(and(eq(userEmails.id, id), eq(userEmails.accountId, accountId)));
  // Another account's mailbox answers exactly like a missing one.
  if (!row) throw notFound(MESSAGES.notFound);
  return row;
}

async function domainStatuses(deps: Deps, accountId: number, domains: string[]): Promise<Map<string, boolean>> {
  if (!domains.length) return new Map();
  const rows = await deps.db
    .select({ domain: sendingDomains.domain, status: sendingDomains.status })
    .from(sendingDomains)
    .where(and(eq(sendingDomains.accountId, accountId), inArray(sendingDomains.domain, domains)));
  return new Map(rows.map((r) => [r.domain, r.status === 'fail']));
}

async function toJson(deps: Deps, accountId: number, row: UserEmailRow): Promise<UserEmail> {
  const failing = await domainStatuses(deps, accountId, [row.domain]);
  return toUserEmailJson(row, failing.get(row.domain) ?? null, deps.clock ? deps.clock() : new Date());
}

export async function list(deps: Deps, auth: AuthContext): Promise<UserEmail[]> {
  const rows = await deps.db.select().from(userEmails).where(eq(userEmails.accountId, auth.account.id)).orderBy(asc(userEmails.id));
  const failing = await domainStatuses(deps, auth.account.id, [...new Set(rows.map((r) => r.domain))]);
  const now = deps.clock ? deps.clock() : new Date();
  return rows.map((r) => toUserEmailJson(r, failing.get(r.domain) ?? null, now));
}

export async function show(deps: Deps, auth: AuthContext, id: number): Promise<UserEmail> {
  return toJson(deps, auth.account.id, await mailboxOf(deps, auth.account.id, id));
}

type Endpoints = { smtp: MailEndpoint; imap: MailEndpoint };

/** SMTP and IMAP side by side, every step reported; the first failed step names the outcome. */
export async function runConnectionTest(deps: Deps, endpoints: Endpoints): Promise<{ test: ConnectionTest; sentFolder: string | null }> {
  const [smtp, imap] = await Promise.all([deps.mail.smtp.test(endpoints.smtp), deps.mail.imap.test(endpoints.imap)]);
  const steps = [...smtp, ...imap.steps];
  const failed = steps.find((s) => s.status === 'failed') ?? null;
  return { test: { ok: !failed, failed_step: failed?.step ?? null, steps, tested_at: new Date().toISOString() }, sentFolder: imap.sentFolder };
}

export const describeFailure = (s: ConnectionStep) => `${s.label} failed: ${s.message}${s.server_reply ? ` (server said: ${s.server_reply})` : ''}`;

/** 422 naming the failing step and the server's reply, with every step's result beside it. */
const testFailed = (test: ConnectionTest) =>
  new HttpError(422, [describeFailure(test.steps.find((s) => s.step === test.failed_step)!)], { failed_step: test.failed_step, connection_test: test });

const stateOf = (s: ConnectionStep | undefined): CredentialState =>
  s?.status === 'passed' ? { state: 'valid', error: null } : s?.status === 'failed' ? { state: 'invalid', error: s.server_reply ?? s.message } : { state: 'untested', error: null };

const credentialStates = (test: ConnectionTest) => ({
  smtp_password: stateOf(test.steps.find((s) => s.step === 'smtp_auth')),
  imap_password: stateOf(test.steps.find((s) => s.step === 'imap_login')),
});

/** An XOAUTH2 mailbox's access token: valid when both servers took it, invalid when either refused it. */
export const accessTokenState = (test: ConnectionTest): CredentialState => {
  const { smtp_password: smtp, imap_password: imap } = credentialStates(test);
  if (smtp.state === 'invalid') return smtp;
  if (imap.state === 'invalid') return imap;
  return smtp.state === 'valid' && imap.state === 'valid' ? { state: 'valid', error: null } : { state: 'untested', error: null };
};

export async function create(deps: Deps, auth: AuthContext, body: CreateBody): Promise<UserEmail> {
  const accountId = auth.account.id;
  const [existing] = await deps.db.select({ id: userEmails.id }).from(userEmails).where(and(eq(userEmails.accountId, accountId), eq(userEmails.email, body.email)));
  if (existing) throw unprocessable(MESSAGES.duplicate);
  const { test, sentFolder } = await runConnectionTest(deps, {
    smtp: { host: body.smtp_host, port: body.smtp_port, security: body.smtp_security, username: body.smtp_username, password: body.smtp_password },
    imap: { host: body.imap_host, port: body.imap_port, security: body.imap_security, username: body.imap_username, password: body.imap_password },
  });
  if (!test.ok) throw testFailed(test);
  const warmupEnabled = body.warmup_enabled ?? false;
  const states = credentialStates(test);
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(userEmails)
      .values({
        accountId,
        email: body.email,
        domain: domainOf(body.email),
        senderName: body.sender_name,
        smtpHost: body.smtp_host,
        smtpPort: body.smtp_port,
        smtpSecurity: body.smtp_security,
        smtpUsername: body.smtp_username,
        imapHost: body.imap_host,
        imapPort: body.imap_port,
        imapSecurity: body.imap_security,
        imapUsername: body.imap_username,
        sentFolder,
        dailyLimit: body.daily_limit,
        hourlyLimit: body.hourly_limit,
        minGapSeconds: body.min_gap_seconds,
        warmupEnabled,
        warmupStart: body.warmup_start ?? Math.min(10, body.daily_limit),
        warmupIncrease: body.warmup_increase ?? 5,
        warmupCeiling: body.warmup_ceiling ?? body.daily_limit,
        warmupStartedOn: warmupEnabled ? utcDay(new Date()) : null,
        dkimSelector: body.dkim_selector || null,
        autoResume: body.auto_resume ?? true,
        status: 'active',
        lastTest: test,
      })
      .onConflictDoNothing({ target: [userEmails.accountId, userEmails.email] })
      .returning();
    if (!inserted) throw unprocessable(MESSAGES.duplicate);
    await storeCredential(tx, deps.config, accountId, inserted.id, 'smtp_password', body.smtp_password, states.smtp_password);
    await storeCredential(tx, deps.config, accountId, inserted.id, 'imap_password', body.imap_password, states.imap_password);
    await recordActivity(tx, { accountId, actorType: 'user', actorId: auth.user.id, verb: 'mailbox_connected', channel: 'email', payload: { user_email_id: inserted.id, email: inserted.email } });
    return inserted;
  });
  return toJson(deps, accountId, row);
}

/** The endpoints of a saved mailbox with its stored passwords or current access token (or the replacements given). */
async function endpointsOf(deps: Deps, row: UserEmailRow, override: Partial<Record<(typeof CONNECTION_FIELDS)[number], unknown>> = {}): Promise<Endpoints> {
  const signIn = async (side: 'smtp' | 'imap') => {
    const given = override[side === 'smtp' ? 'smtp_password' : 'imap_password'];
    if (typeof given === 'string') return { password: given };
    const found = await signInOf(deps, row, side, new Date());
    if (!found.ok) throw unprocessable(found.error);
    return found.accessToken ? { password: '', accessToken: found.accessToken } : { password: found.password };
  };
  const pick = <T>(key: (typeof CONNECTION_FIELDS)[number], fallback: T): T => (override[key] !== undefined ? (override[key] as T) : fallback);
  const smtpSignIn = await signIn('smtp');
  // One access token serves both sides of an XOAUTH2 mailbox.
  const imapSignIn = row.authMethod === 'xoauth2' ? smtpSignIn : await signIn('imap');
  return {
    smtp: {
      host: pick('smtp_host', row.smtpHost),
      port: pick('smtp_port', row.smtpPort),
      security: pick('smtp_security', row.smtpSecurity),
      username: pick('smtp_username', row.smtpUsername),
      ...smtpSignIn,
    },
    imap: {
      host: pick('imap_host', row.imapHost),
      port: pick('imap_port', row.imapPort),
      security: pick('imap_security', row.imapSecurity),
      username: pick('imap_username', row.imapUsername),
      ...imapSignIn,
    },
  };
}

/** The secrets a connection test speaks for: the passwords, or the OAuth access token. */
const credentialKindsOf = (row: Pick<UserEmailRow, 'authMethod'>) => (row.authMethod === 'xoauth2' ? (['oauth_access_token'] as const) : (['smtp_password', 'imap_password'] as const));

const ROW_FIELD: Record<(typeof CONNECTION_FIELDS)[number], keyof UserEmailRow | null> = {
  smtp_host: 'smtpHost',
  smtp_port: 'smtpPort',
  smtp_security: 'smtpSecurity',
  smtp_username: 'smtpUsername',
  smtp_password: null,
  imap_host: 'imapHost',
  imap_port: 'imapPort',
  imap_security: 'imapSecurity',
  imap_username: 'imapUsername',
  imap_password: null,
};

/** PUT user_emails/{id}: a changed connection field (or a new password) is tested live before anything is saved. */
export async function update(deps: Deps, auth: AuthContext, id: number, body: UpdateBody): Promise<UserEmail> {
  const accountId = auth.account.id;
  const row = await mailboxOf(deps, accountId, id);
  if (row.authMethod === 'xoauth2' && (body.smtp_password !== undefined || body.imap_password !== undefined)) throw unprocessable(MESSAGES.oauthNoPassword);
  const changed = CONNECTION_FIELDS.filter((f) => body[f] !== undefined && (ROW_FIELD[f] === null || body[f] !== row[ROW_FIELD[f]!]));
  const set: Partial<typeof userEmails.$inferInsert> = { updatedAt: new Date() };
  let passwords: Array<['smtp_password' | 'imap_password', string]> = [];
  if (changed.length) {
    const { test, sentFolder } = await runConnectionTest(deps, await endpointsOf(deps, row, body));
    if (!test.ok) throw testFailed(test);
    Object.assign(set, {
      smtpHost: body.smtp_host,
      smtpPort: body.smtp_port,
      smtpSecurity: body.smtp_security,
      smtpUsername: body.smtp_username,
      imapHost: body.imap_host,
      imapPort: body.imap_port,
      imapSecurity: body.imap_security,
      imapUsername: body.imap_username,
      sentFolder,
      lastTest: test,
    });
    // A mailbox that could not sign in works again; one the user paused stays paused.
    if (row.status === 'failing') Object.assign(set, { status: 'active', statusReason: null });
    passwords = (['smtp_password', 'imap_password'] as const).filter((k) => body[k] !== undefined).map((k) => [k, body[k]!]);
  }
  Object.assign(set, {
    senderName: body.sender_name,
    dailyLimit: body.daily_limit,
    hourlyLimit: body.hourly_limit,
    minGapSeconds: body.min_gap_seconds,
    warmupStart: body.warmup_start,
    warmupIncrease: body.warmup_increase,
    warmupCeiling: body.warmup_ceiling,
    dkimSelector: body.dkim_selector === undefined ? undefined : body.dkim_selector || null,
    autoResume: body.auto_resume,
  });
  if (body.warmup_enabled !== undefined && body.warmup_enabled !== row.warmupEnabled) {
    Object.assign(set, { warmupEnabled: body.warmup_enabled, warmupStartedOn: body.warmup_enabled ? utcDay(new Date()) : null });
  }
  const updated = await deps.db.transaction(async (tx) => {
    const [saved] = await tx.update(userEmails).set(set).where(and(eq(userEmails.id, id), eq(userEmails.accountId, accountId))).returning();
    if (!saved) throw notFound(MESSAGES.notFound);
    await emitLiveEvent(tx, accountId, 'mailbox_changed', { user_email_id: id, status: saved.status });
    for (const [kind, plain] of passwords) await storeCredential(tx, deps.config, accountId, id, kind, plain, { state: 'valid', error: null });
    if (changed.length) for (const kind of credentialKindsOf(row)) if (!passwords.some(([k]) => k === kind)) await setCredentialState(tx, accountId, id, kind, { state: 'valid', error: null });
    return saved;
  });
  return toJson(deps, accountId, updated);
}

export async function remove(deps: Deps, auth: AuthContext, id: number): Promise<{ id: number }> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(userEmails).where(and(eq(userEmails.id, id), eq(userEmails.accountId, auth.account.id))).returning({ id: userEmails.id });
    if (!row) throw notFound(MESSAGES.notFound);
    await emitLiveEvent(tx, auth.account.id, 'mailbox_changed', { user_email_id: row.id, status: 'removed' });
    return { id: row.id };
  });
}

const STATUS_VERB = { paused: 'mailbox_paused', active: 'mailbox_resumed', failing: 'mailbox_failing' } as const;

/** Changes the status and, when it changed, writes the activity log in the same transaction. */
async function setStatus(
  deps: Deps,
  actor: { accountId: number; userId: number | null; from: UserEmailRow['status'] },
  id: number,
  status: UserEmailRow['status'],
  reason: string | null,
  extra: Partial<typeof userEmails.$inferInsert> = {},
) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(userEmails)
      // A person decided: any automatic end of a pause is off, and a resume by hand sends at the full limit again.
      .set({ status, statusReason: reason, updatedAt: new Date(), ...(status !== actor.from ? { autoResumeAt: null, ...(status === 'active' ? { autoResumedAt: null } : {}) } : {}), ...extra })
      .where(and(eq(userEmails.id, id), eq(userEmails.accountId, actor.accountId)))
      .returning();
    if (!row) throw notFound(MESSAGES.notFound);
    if (status !== actor.from) {
      await recordActivity(tx, {
        accountId: actor.accountId,
        actorType: status === 'failing' ? 'system' : 'user',
        actorId: status === 'failing' ? null : actor.userId,
        verb: STATUS_VERB[status],
        channel: 'email',
        payload: { user_email_id: row.id, email: row.email, ...(reason ? { reason } : {}) },
      });
      // Emails held for this mailbox may go again: the account's sending tick takes them.
      if (status === 'active') await kickSending(deps, actor.accountId, tx);
    }
    return row;
  });
}

export async function pause(deps: Deps, auth: AuthContext, id: number): Promise<UserEmail> {
  const row = await mailboxOf(deps, auth.account.id, id);
  if (row.status === 'paused') return toJson(deps, auth.account.id, row);
  return toJson(deps, auth.account.id, await setStatus(deps, { accountId: auth.account.id, userId: auth.user.id, from: row.status }, id, 'paused', MESSAGES.pausedByUser));
}

/** A paused mailbox goes back to active; a failing one only after its connection test passes again. */
export async function resume(deps: Deps, auth: AuthContext, id: number): Promise<UserEmail> {
  const row = await mailboxOf(deps, auth.account.id, id);
  if (row.status === 'active') return toJson(deps, auth.account.id, row);
  const lastTest = row.lastTest as ConnectionTest | null;
  let from: UserEmailRow['status'] = row.status;
  if (row.status === 'failing' || lastTest?.ok === false) {
    const tested = await testSaved(deps, auth, id);
    if (!tested.test.ok) throw testFailed(tested.test);
    from = tested.mailbox.status;
    // A passing test already made a failing mailbox active (and logged it).
    if (from === 'active') return tested.mailbox;
  }
  return toJson(deps, auth.account.id, await setStatus(deps, { accountId: auth.account.id, userId: auth.user.id, from }, id, 'active', null));
}

/**
 * POST user_emails/{id}/test: the live test with the stored settings. Its outcome is recorded: a failure
 * marks the mailbox failing (with the step as the reason); a pass clears a failing state.
 */
export async function testSaved(deps: Deps, auth: AuthContext, id: number): Promise<{ test: ConnectionTest; mailbox: UserEmail }> {
  const accountId = auth.account.id;
  const row = await mailboxOf(deps, accountId, id);
  const { test, sentFolder } = await runConnectionTest(deps, await endpointsOf(deps, row));
  if (row.authMethod === 'xoauth2') await setCredentialState(deps.db, accountId, id, 'oauth_access_token', accessTokenState(test));
  else {
    const states = credentialStates(test);
    for (const kind of ['smtp_password', 'imap_password'] as const) await setCredentialState(deps.db, accountId, id, kind, states[kind]);
  }
  const failed = test.steps.find((s) => s.step === test.failed_step);
  const status = failed ? 'failing' : row.status === 'failing' ? 'active' : row.status;
  const reason = failed ? describeFailure(failed) : status === row.status ? row.statusReason : null;
  const saved = await setStatus(deps, { accountId, userId: auth.user.id, from: row.status }, id, status, reason, { lastTest: test, ...(sentFolder ? { sentFolder } : {}) });
  return { test, mailbox: await toJson(deps, accountId, saved) };
}

export async function listCredentials(deps: Deps, auth: AuthContext): Promise<UserCredential[]> {
  const [rows, mailboxes] = await Promise.all([
    credentialsOf(deps.db, auth.account.id),
    deps.db.select({ id: userEmails.id, email: userEmails.email }).from(userEmails).where(eq(userEmails.accountId, auth.account.id)),
  ]);
  const emailOf = new Map(mailboxes.map((m) => [m.id, m.email]));
  return rows.map((r) => ({
    id: r.id,
    user_email_id: r.userEmailId,
    email: emailOf.get(r.userEmailId) ?? '',
    kind: r.kind,
    state: r.state,
    error: r.error,
    verified_at: r.verifiedAt?.toISOString() ?? null,
    expires_at: r.expiresAt?.toISOString() ?? null,
    updated_at: r.updatedAt.toISOString(),
  }));
}

/**
 * GET domains: each sending domain of the account's mailboxes with MX, SPF, DKIM and DMARC. A check
 * younger than DOMAIN_CHECK_TTL_MS is reused unless refresh is asked.
 */
export async function domains(deps: Deps, auth: AuthContext, refresh: boolean, now = new Date()): Promise<SendingDomain[]> {
  const accountId = auth.account.id;
  const mailboxes = await deps.db
    .select({ id: userEmails.id, domain: userEmails.domain, dkimSelector: userEmails.dkimSelector })
    .from(userEmails)
    .where(eq(userEmails.accountId, accountId))
    .orderBy(asc(userEmails.id));
  const byDomain = new Map<string, { ids: number[]; selectors: string[] }>();
  for (const m of mailboxes) {
    const entry = byDomain.get(m.domain) ?? { ids: [], selectors: [] };
    entry.ids.push(m.id);
    if (m.dkimSelector) entry.selectors.push(m.dkimSelector);
    byDomain.set(m.domain, entry);
  }
  const names = [...byDomain.keys()];
  const cached = names.length
    ? await deps.db.select().from(sendingDomains).where(and(eq(sendingDomains.accountId, accountId), inArray(sendingDomains.domain, names)))
    : [];
  const cachedBy = new Map(cached.map((c) => [c.domain, c]));
  const out: SendingDomain[] = [];
  for (const [domain, { ids, selectors }] of byDomain) {
    const hit = cachedBy.get(domain);
    let checks: DnsCheck[];
    let checkedAt: Date;
    if (!refresh && hit && now.getTime() - hit.checkedAt.getTime() < DOMAIN_CHECK_TTL_MS) {
      checks = hit.checks as DnsCheck[];
      checkedAt = hit.checkedAt;
    } else {
      checks = await checkDomain(deps.mail.dns, domain, selectors);
      checkedAt = now;
      const status = checks.every((c) => c.status === 'pass') ? 'pass' : 'fail';
      await deps.db
        .insert(sendingDomains)
        .values({ accountId, domain, status, checks, checkedAt })
        .onConflictDoUpdate({ target: [sendingDomains.accountId, sendingDomains.domain], set: { status, checks, checkedAt } });
    }
    out.push({ domain, status: checks.every((c) => c.status === 'pass') ? 'pass' : 'fail', user_email_ids: ids, checks, checked_at: checkedAt.toISOString() });
  }
  return out;
}
