import { describe, expect, it } from 'vitest';
import { analyseBounce } from './bounces';
import { classifyByRules } from './classify';
import { freshText, returnDateOf } from './wording';

const RECEIVED = new Date('2026-11-24T10:00:00Z');
const day = (iso: string) => new Date(`${iso}T00:00:00Z`).toISOString();

describe('the return date of an out-of-office note', () => {
  it.each([
    ['I will be back on 3 December.', '2026-12-03'],
    ['Back on December 3rd, 2026.', '2026-12-03'],
    ['I am out of the office from 25 November until the 3rd of December.', '2026-12-03'],
    ['Ich bin ab dem 03.12. wieder im Büro.', '2026-12-03'],
    ['Ich bin bis zum 3. Dezember nicht erreichbar.', '2026-12-03'],
    ['Zurück am 03.12.2026.', '2026-12-03'],
    ['Je serai de retour le 3 décembre.', '2026-12-03'],
    ['Absente jusqu’au 1er décembre inclus.', '2026-12-01'],
    ['Estaré fuera hasta el 3 de diciembre.', '2026-12-03'],
    ['Regreso el 3 de diciembre de 2026.', '2026-12-03'],
    ['Returning 2026-12-03.', '2026-12-03'],
    ['Je suis absent, retour le 03/12/2026.', '2026-12-03'],
    // No year, already past this year: next year's.
    ['Back on 5 January.', '2027-01-05'],
  ])('%s → %s', (text, expected) => {
    expect(returnDateOf('', text, RECEIVED)?.toISOString()).toBe(day(expected));
  });

  it('finds none where there is none, or only in the quoted history', () => {
    expect(returnDateOf('Out of office', 'I am travelling with limited access to email.', RECEIVED)).toBeNull();
    expect(returnDateOf('', 'Away.\n\nOn Mon, 23 Nov 2026, Ada wrote:\n> Shall we meet on 3 December?', RECEIVED)).toBeNull();
    // A date long past or far ahead is not a return date.
    expect(returnDateOf('', 'Back on 2025-01-01.', RECEIVED)).toBeNull();
  });
});

// Out-of-office and unsubscribe wording is the classifier's (one source of truth, docs/decisions.md); mail-in's cases stay as its checks.
const statusOf = (subject: string, text: string, headers?: Record<string, string>) => classifyByRules({ subject, text, headers }).status;

describe('out-of-office wording (the classifier)', () => {
  it('takes strong wording on its own, and weak wording only with automatic headers', () => {
    expect(statusOf('Out of Office: Quick question', '')).toBe('out_of_office');
    expect(statusOf('Abwesenheitsnotiz', '')).toBe('out_of_office');
    // An automatic subject without absence wording is an auto-reply (no pause): the classifier's reading, not mail-in's first one.
    expect(statusOf('Réponse automatique', '')).toBe('auto_reply');
    expect(statusOf('Respuesta automática', '')).toBe('auto_reply');
    expect(statusOf('Réponse automatique', 'Je suis absente du bureau jusqu’au 3 décembre.')).toBe('out_of_office');
    expect(statusOf('Re: Quick question', "I'm away next week, but yes, let's talk after that.")).not.toBe('out_of_office');
    expect(statusOf('Re: Quick question', "I'm away until Monday.", { 'auto-submitted': 'auto-replied' })).toBe('out_of_office');
    expect(statusOf('Re: Quick question', 'Sounds good, call me Thursday.')).not.toBe('out_of_office');
  });
});

describe('unsubscribe wording (the classifier)', () => {
  it.each([
    'Please unsubscribe me.',
    'Remove me from your list',
    'Take me off this list, thanks',
    'Stop emailing me.',
    'STOP',
    'Stop please!',
    "Don't contact me again.",
    'Bitte melden Sie mich ab. Ich möchte mich abmelden.',
    'Keine weiteren E-Mails bitte.',
    'Merci de me désinscrire.',
    'Je souhaite me désabonner.',
    'Por favor, darme de baja.',
    'No me escriba más.',
  ])('%s', (text) => expect(statusOf('Re: Quick question', text)).toBe('unsubscribe'));

  it.each([
    "Yes, let's talk on Thursday.",
    "Don't stop now, this looks great!",
    'Interested.\n\nOn Mon, 23 Nov 2026, Ada <ada@good.example> wrote:\n> Hello\n> Unsubscribe: https://app.example/u?t=1',
  ])('not: %s', (text) => expect(statusOf('Re: Quick question', text)).not.toBe('unsubscribe'));
});

describe('the reply without its quoted history', () => {
  it('cuts at the quote headers of several mail clients', () => {
    expect(freshText('Yes.\n\nOn Mon, 23 Nov 2026 at 09:00, Ada Agent <ada@good.example>\nwrote:\n> Hi')).toBe('Yes.');
    expect(freshText('Ja.\n\nAm 23.11.2026 um 09:00 schrieb Ada Agent <ada@good.example>:\n> Hallo')).toBe('Ja.');
    expect(freshText('Oui.\n\nLe lun. 23 nov. 2026 à 09:00, Ada <ada@good.example> a écrit :\n> Bonjour')).toBe('Oui.');
    expect(freshText('Sí.\n\nEl lun, 23 nov 2026 a las 9:00, Ada (<ada@good.example>) escribió:\n> Hola')).toBe('Sí.');
    expect(freshText('Sure.\n\n-----Original Message-----\nFrom: Ada')).toBe('Sure.');
    expect(freshText('Sure.\n\nFrom: Ada Agent <ada@good.example>\nSent: Monday\nTo: Pat')).toBe('Sure.');
  });
});

describe('delivery status reports', () => {
  it('reads Status, Action, Final-Recipient and the returned Message-ID', () => {
    const raw = [
      'From: MAILER-DAEMON@mx.example',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'Could not deliver.',
      '--b',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example',
      '',
      'Final-Recipient: rfc822; <Pat@Acme.example>',
      'Action: failed',
      'Status: 5.2.2 (mailbox full)',
      'Diagnostic-Code: smtp; 552 5.2.2 Mailbox full',
      '--b',
      'Content-Type: message/rfc822',
      '',
      'Message-ID: <ours-1@good.example>',
      'Subject: Hi',
      '',
      'Hello',
      '--b--',
      '',
    ].join('\r\n');
    expect(analyseBounce(raw)).toMatchObject({ kind: 'dsn', originalMessageId: '<ours-1@good.example>', recipients: [{ address: 'pat@acme.example', status: '5.2.2', action: 'failed', diagnostic: '552 5.2.2 Mailbox full', reason: 'mailboxfull', class: 'temporary' }] });
    expect(analyseBounce('From: a@b.example\r\nContent-Type: text/plain\r\n\r\nStatus: 5.1.1\r\n')).toBeNull();
  });
});
