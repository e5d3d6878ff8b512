import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, blacklistedEmails, prospects } from '../../db/schema';
import { loadConfig } from '../../config';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { addDomains, addEmails, domainsOf, emailsOf } from './ownership.test-helpers';
import { isSuppressed, suppress, suppressionOf, type SuppressionTarget } from './suppression';
import { bindEvents, defineReactions } from '../../lib/events';
import type { Deps } from '../../lib/route';
import { signUnsubscribeToken, tokenFromUnsubscribeSubject, UNSUBSCRIBE_SECRET_FILE, unsubscribeLinks, unsubscribeSecret, verifyUnsubscribeToken } from './unsubscribe-token';

type Person = Awaited<ReturnType<typeof signedInUser>>;

describe.runIf(PGLITE_PASS)('the unsubscribe secret', () => {
  it('is UNSUBSCRIBE_SECRET (32+ characters), else one generated once into the data folder and kept', () => {
    expect(() => loadConfig({ UNSUBSCRIBE_SECRET: 'short' })).toThrow(/UNSUBSCRIBE_SECRET must be at least 32 characters/);
    expect(loadConfig({ UNSUBSCRIBE_SECRET: 'u'.repeat(40) }).unsubscribeSecret).toBe('u'.repeat(40));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unsub-secret-'));
    try {
      const first = unsubscribeSecret({ unsubscribeSecret: null, dataDir });
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(fs.statSync(path.join(dataDir, UNSUBSCRIBE_SECRET_FILE)).mode & 0o777).toBe(0o600);
      expect(unsubscribeSecret({ unsubscribeSecret: null, dataDir })).toBe(first);
      // A link signed with the kept secret verifies after a restart (the same file).
      const token = signUnsubscribeToken({ unsubscribeSecret: null, dataDir }, { accountId: 5, email: 'a@b.test' });
      expect(verifyUnsubscribeToken({ unsubscribeSecret: null, dataDir }, token)).toEqual({ accountId: 5, email: 'a@b.test', campaignEmailId: null });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(DB_KINDS)('the blacklist on %s', (kind) => {
  let t: TestApp;
  let a: Person;
  let accountId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    a = await signedInUser(t, 'blacklist');
    accountId = await accountIdOf(t, a);
  });
  afterAll(() => t.close());

  describe('emails', () => {
    it('adds many at once: invalid ones reported one by one, repeats and ones already listed counted, any case', async () => {
      const first = await addEmails(t, a.headers, ['Ann@Acme.com', ' bob@acme.com ', 'not-an-email', 'ann@acme.com', '', 'c@d']);
      expect(first.added.map((e) => e.email).sort()).toEqual(['ann@acme.com', 'bob@acme.com']);
      expect(first.added[0]).toMatchObject({ reason: 'manual', details: 'Added by hand', campaign_email_id: null });
      expect(first.duplicates).toBe(1);
      expect(first.errors).toEqual([
        { value: 'not-an-email', error: 'Not a valid email address' },
        { value: 'c@d', error: 'Not a valid email address' },
      ]);
      const again = await addEmails(t, a.headers, ['ANN@acme.com', 'carl@acme.com']);
      expect(again.added.map((e) => e.email)).toEqual(['carl@acme.com']);
      expect(again.duplicates).toBe(1);
      const rows = await t.db.db.select({ n: count() }).from(blacklistedEmails).where(and(eq(blacklistedEmails.accountId, accountId), eq(blacklistedEmails.email, 'ann@acme.com')));
      expect(rows[0]!.n).toBe(1);
    });

    it('refuses a request that is not a list of text with 422', async () => {
      for (const payload of [{ emails: [] }, { emails: 'a@b.com' }, { emails: [1] }, {}]) {
        const res = await t.app.inject({ method: 'POST', url: v1('/create_blacklisted_emails'), headers: a.headers, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      }
    });

    it('lists newest first with search (wildcards literal) and pages', async () => {
      await addEmails(t, a.headers, ['page1@paging.test', 'page2@paging.test', 'page3@paging.test', 'under_score@paging.test']);
      const page1 = await emailsOf(t, a.headers, 'search=PAGING.test&per_page=2&page=1');
      expect(page1.meta).toEqual({ page: 1, per_page: 2, total: 4 });
      expect(page1.data.map((e) => e.email)).toEqual(['under_score@paging.test', 'page3@paging.test']);
      const page2 = await emailsOf(t, a.headers, 'search=paging.test&per_page=2&page=2');
      expect(page2.data.map((e) => e.email)).toEqual(['page2@paging.test', 'page1@paging.test']);
      expect((await emailsOf(t, a.headers, 'search=r_s')).data.map((e) => e.email)).toEqual(['under_score@paging.test']);
      expect((await emailsOf(t, a.headers, 'search=%25')).meta.total).toBe(0);
    });

    it('removes one by id or by address; an unknown one is 404', async () => {
      const { added } = await addEmails(t, a.headers, ['remove-me@rm.test', 'remove-too@rm.test']);
      const byId = await t.app.inject({ method: 'DELETE', url: v1(`/remove_email_from_blacklist?id=${added[0]!.id}`), headers: a.headers });
      expect(byId.statusCode, byId.body).toBe(200);
      expect(byId.json()).toEqual({ data: { id: added[0]!.id } });
      const byEmail = await t.app.inject({ method: 'DELETE', url: v1('/remove_email_from_blacklist?email=Remove-Too%40rm.test'), headers: a.headers });
      expect(byEmail.json()).toEqual({ data: { id: added[1]!.id } });
      expect((await emailsOf(t, a.headers, 'search=rm.test')).meta.total).toBe(0);
      const again = await t.app.inject({ method: 'DELETE', url: v1(`/remove_email_from_blacklist?id=${added[0]!.id}`), headers: a.headers });
      expect(again.statusCode).toBe(404);
      const neither = await t.app.inject({ method: 'DELETE', url: v1('/remove_email_from_blacklist'), headers: a.headers });
      expect(neither.statusCode).toBe(422);
    });
  });

  describe('domains', () => {
    it('normalises what is pasted ("@", www., a URL, case, a trailing dot) and counts duplicates', async () => {
      const res = await addDomains(t, a.headers, ['@Rival.com', 'www.rival.com', 'https://www.Other-Rival.io/pricing', 'sub.rival.com.', 'no spaces.com', 'localhost']);
      expect(res.added.map((d) => d.domain).sort()).toEqual(['other-rival.io', 'rival.com', 'sub.rival.com']);
      expect(res.duplicates).toBe(1);
      expect(res.errors.map((e) => e.value)).toEqual(['no spaces.com', 'localhost']);
      const listed = await domainsOf(t, a.headers, 'search=RIVAL');
      expect(listed.meta.total).toBe(3);
    });

    it('removes one by id; another id is 404', async () => {
      const [d] = (await addDomains(t, a.headers, ['gone-soon.test'])).added;
      const res = await t.app.inject({ method: 'DELETE', url: v1(`/domains/${d!.id}/remove_domain_from_blacklist`), headers: a.headers });
      expect(res.json()).toEqual({ data: { id: d!.id } });
      const again = await t.app.inject({ method: 'DELETE', url: v1(`/domains/${d!.id}/remove_domain_from_blacklist`), headers: a.headers });
      expect(again.statusCode).toBe(404);
    });
  });

  describe('the suppression service the engine calls', () => {
    it('suppresses an address, any case, and every address of a listed domain or its subdomains', async () => {
      await addEmails(t, a.headers, ['Person@Suppressed.test']);
      await addDomains(t, a.headers, ['blocked-co.test']);
      const db = t.db.db;
      expect(await isSuppressed(db, accountId, 'PERSON@suppressed.test')).toBe(true);
      expect(await suppressionOf(db, accountId, 'x@mail.eu.blocked-co.test')).toEqual({ kind: 'domain', value: 'blocked-co.test', reason: 'manual' });
      expect(await isSuppressed(db, accountId, 'x@notblocked-co.test')).toBe(false);
      expect(await isSuppressed(db, accountId, 'other@suppressed.test')).toBe(false);
      // Another account's list does not apply.
      const other = await signedInUser(t, 'blacklist-other');
      expect(await isSuppressed(db, await accountIdOf(t, other), 'person@suppressed.test')).toBe(false);
    });

    it('suppress is idempotent: the first reason and date stay', async () => {
      const db = t.db.db;
      const first = await suppress(db, accountId, 'Bounce@Idem.test', 'hard_bounce', '550 5.1.1 User unknown');
      const second = await suppress(db, accountId, 'bounce@idem.test', 'unsubscribed', 'Unsubscribe link');
      expect(first.added).toBe(true);
      expect(second).toEqual({ added: false, entry: first.entry });
      expect(first.entry).toMatchObject({ email: 'bounce@idem.test', reason: 'hard_bounce', details: '550 5.1.1 User unknown' });
    });

    it('tells the engine (address_suppressed) inside the same transaction (a failing reaction leaves nothing behind)', async () => {
      const seen: SuppressionTarget[] = [];
      const reactions = defineReactions([
        {
          name: 'test-stop',
          on: 'address_suppressed',
          in: 'transaction',
          run: async (_tx, { accountId: acc, data: { target } }) => {
            expect(acc).toBe(accountId);
            seen.push(target);
            if ('email' in target && target.email.startsWith('fail')) throw new Error('engine refused');
          },
        },
      ]);
      const unbind = bindEvents({ db: t.db.db, jobs: t.app.jobs } as Deps, reactions);
      try {
        await suppress(t.db.db, accountId, 'hooked@hook.test', 'stopped');
        await addDomains(t, a.headers, ['hooked-domain.test']);
        expect(seen).toEqual([
          { kind: 'email', email: 'hooked@hook.test' },
          { kind: 'domain', domain: 'hooked-domain.test' },
        ]);
        await expect(suppress(t.db.db, accountId, 'fail@hook.test', 'stopped')).rejects.toThrow('engine refused');
        expect(await isSuppressed(t.db.db, accountId, 'fail@hook.test')).toBe(false);
      } finally {
        unbind();
      }
    });
  });

  describe('export_blacklisted_prospects', () => {
    it('is a CSV of emails (with their prospect) and domains, formula cells escaped', async () => {
      await t.db.db.insert(prospects).values({ accountId, email: 'Known@Export.test', fullName: '=HYPERLINK("x")', company: 'Export Co', source: 'manual' });
      await addEmails(t, a.headers, ['known@export.test', '+cmd@export.test']);
      await addDomains(t, a.headers, ['export-domain.test']);
      const res = await t.app.inject({ method: 'GET', url: v1('/campaign_emails/export_blacklisted_prospects'), headers: a.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="blacklist-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('Type,Email or domain,Reason,Details,Added at,Prospect,Company');
      expect(lines.find((l) => l.includes('known@export.test'))).toMatch(/^Email,known@export\.test,Manual,Added by hand,[^,]+,"'=HYPERLINK\(""x""\)",Export Co$/);
      expect(lines.find((l) => l.includes('cmd@export.test'))).toMatch(/^Email,'\+cmd@export\.test,Manual,/);
      expect(lines.find((l) => l.includes('export-domain.test'))).toMatch(/^Domain,export-domain\.test,Manual,Added by hand,[^,]+,,$/);
    });
  });

  describe('unsubscribe without login', () => {
    const post = (url: string, payload = 'List-Unsubscribe=One-Click', contentType = 'application/x-www-form-urlencoded') =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });
    const pathOf = (url: string) => url.slice(new URL(url).origin.length);

    it('builds the one-click URL on the brand’s configured origin and a mailto to the sending mailbox', () => {
      const links = unsubscribeLinks(t.config, { holderId: 3, accountId, email: 'Pat@Example.com', campaignEmailId: 42, mailbox: 'sales@sender.test' });
      expect(links.url).toMatch(/^http:\/\/brand3\.localhost:3000\/unsubscribe\?token=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
      expect(links.mailto).toMatch(/^mailto:sales@sender\.test\?subject=unsubscribe%20/);
      expect(links.headers).toEqual({ 'List-Unsubscribe': `<${links.url}>, <${links.mailto}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
      const token = new URL(links.url).searchParams.get('token')!;
      expect(verifyUnsubscribeToken(t.config, token)).toEqual({ accountId, email: 'pat@example.com', campaignEmailId: 42 });
      expect(tokenFromUnsubscribeSubject(`Re: ${decodeURIComponent(links.mailto.split('subject=')[1]!)}`)).toBe(token);
      // A signature may end in "-" or "_" (base64url): still found, and nothing longer is taken for one.
      const dashed = `${token.split('.')[0]}.${'A'.repeat(42)}-`;
      expect(tokenFromUnsubscribeSubject(`Unsubscribe ${dashed}`)).toBe(dashed);
      expect(tokenFromUnsubscribeSubject(`unsubscribe ${dashed}x`)).toBeNull();
    });

    it('GET shows the brand’s page with one button under its CSP and changes nothing; POST one-click suppresses once, 200', async () => {
      const { url } = unsubscribeLinks(t.config, { holderId: 0, accountId, email: 'reader@unsub.test', campaignEmailId: 7, mailbox: 'me@sender.test' });
      const page = await t.app.inject({ method: 'GET', url: pathOf(url), headers: { host: 'evil.example.com' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
      expect(page.body).toContain('reader@unsub.test');
      expect(page.body).toContain('Pipelane');
      expect(await isSuppressed(t.db.db, accountId, 'reader@unsub.test')).toBe(false);

      const first = await post(pathOf(url));
      expect(first.statusCode, first.body).toBe(200);
      expect(first.body).toContain('You are unsubscribed');
      const second = await post(pathOf(url));
      expect(second.statusCode).toBe(200);
      const rows = await t.db.db.select().from(blacklistedEmails).where(and(eq(blacklistedEmails.accountId, accountId), eq(blacklistedEmails.email, 'reader@unsub.test')));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ reason: 'unsubscribed', details: 'One-click unsubscribe from the mail program', campaignEmailId: 7 });
      const logged = await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'email_unsubscribed')));
      expect(logged.filter((x) => x.payload.email === 'reader@unsub.test')).toHaveLength(1);
      const feed = await t.app.inject({ method: 'GET', url: v1('/activity_list'), headers: a.headers });
      expect(feed.json().data.map((x: { description: string }) => x.description)).toContain('reader@unsub.test unsubscribed');
      // Shown on the list with reason and date.
      expect((await emailsOf(t, a.headers, 'search=reader%40unsub.test')).data[0]).toMatchObject({ reason: 'unsubscribed', campaign_email_id: 7 });
      const after = await t.app.inject({ method: 'GET', url: pathOf(url) });
      expect(after.body).toContain('You are unsubscribed');
    });

    it('the page’s button (multipart or form) works too and is recorded as the page', async () => {
      const token = signUnsubscribeToken(t.config, { accountId, email: 'button@unsub.test' });
      const res = await post(`/unsubscribe?token=${token}`, 'source=page');
      expect(res.statusCode).toBe(200);
      expect((await suppressionOf(t.db.db, accountId, 'button@unsub.test'))?.reason).toBe('unsubscribed');
      const [row] = await t.db.db.select().from(blacklistedEmails).where(and(eq(blacklistedEmails.accountId, accountId), eq(blacklistedEmails.email, 'button@unsub.test')));
      expect(row!.details).toBe('Unsubscribe link');
    });

    it('a forged, tampered, truncated or missing token gets a 400 page and changes nothing', async () => {
      const good = signUnsubscribeToken(t.config, { accountId, email: 'victim@unsub.test' });
      const [payload, sig] = good.split('.');
      const otherAccount = Buffer.from(JSON.stringify({ a: accountId + 1, e: 'victim@unsub.test' })).toString('base64url');
      const otherSecret = signUnsubscribeToken({ unsubscribeSecret: 'another-secret-0123456789abcdef-0123', dataDir: '/nonexistent' }, { accountId, email: 'victim@unsub.test' });
      for (const token of [`${otherAccount}.${sig}`, `${payload}.${'A'.repeat(43)}`, good.slice(0, -3), otherSecret, '', 'garbage', `${payload}`]) {
        for (const res of [await t.app.inject({ method: 'GET', url: `/unsubscribe?token=${encodeURIComponent(token)}` }), await post(`/unsubscribe?token=${encodeURIComponent(token)}`)]) {
          expect(res.statusCode, token).toBe(400);
          expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
          expect(res.body).toContain('This unsubscribe link is not valid');
        }
      }
      expect((await post('/unsubscribe')).statusCode).toBe(400);
      expect(await isSuppressed(t.db.db, accountId, 'victim@unsub.test')).toBe(false);
    });
  });
});

