/**
 * The compliance footer of a campaign email (issue 11), added at send time after the text the user
 * reviewed: never stored in the draft. A short unsubscribe line with the same signed one-click URL as
 * List-Unsubscribe, the sender's postal address (CAN-SPAM), and optionally a GDPR Art. 14 sentence saying
 * where the prospect's data came from and that they may object (the same link). Plain text and plain
 * HTML: no styling beyond paragraphs, no tracking, no link rewriting. Pure: no I/O.
 */

/** Where a prospect came from (prospects.source). */
export type ProspectOrigin = 'extension' | 'import' | 'manual' | 'search' | 'api';

export type FooterInput = {
  /** The https one-click unsubscribe URL (the List-Unsubscribe one). */
  unsubscribeUrl: string;
  /** The sender's postal address, as the user wrote it (lines or commas), or null. */
  postalAddress: string | null;
  /** Add the GDPR Art. 14 sentence: null leaves it out. */
  gdpr: { source: ProspectOrigin | null; accountName: string } | null;
};

export type Footer = { text: string; html: string };

/** The footer's first line: "Not interested? Unsubscribe with one click: <url>" (the words link in HTML). */
export const UNSUBSCRIBE_LINE = 'Not interested? Unsubscribe with one click:';
const UNSUBSCRIBE_PROMPT = 'Not interested?';
const UNSUBSCRIBE_LABEL = 'Unsubscribe with one click';

/** The plain sentence saying where the prospect's business contact details came from. */
export function dataOriginSentence(source: ProspectOrigin | null, accountName: string): string {
  const who = accountName.trim() || 'us';
  switch (source) {
    case 'extension':
      return 'We found your business contact details on your public LinkedIn profile.';
    case 'search':
      return 'We found your business contact details in a business contact database.';
    case 'import':
      return `We found your business contact details in a list imported by ${who}.`;
    case 'manual':
      return `Your business contact details were added by ${who} from business information.`;
    case 'api':
      return `Your business contact details were added by ${who} from one of their business tools.`;
    default:
      return 'We found your business contact details in business information sources.';
  }
}

export const OBJECT_SENTENCE = 'You can object to this use of your data at any time with the unsubscribe link above.';

/** One line from the address the user wrote (lines become commas). */
export const addressLine = (address: string) =>
  address
    .split(/\r?\n/)
    .map((l) => l.trim().replace(/,$/, ''))
    .filter(Boolean)
    .join(', ');

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function buildFooter(input: FooterInput): Footer {
  const address = input.postalAddress ? addressLine(input.postalAddress) : '';
  const gdpr = input.gdpr ? `${dataOriginSentence(input.gdpr.source, input.gdpr.accountName)} ${OBJECT_SENTENCE}` : '';
  const text = ['', '', '--', `${UNSUBSCRIBE_LINE} ${input.unsubscribeUrl}`, address, gdpr].filter((l, i) => i < 2 || l).join('\n');
  const url = escapeHtml(input.unsubscribeUrl);
  const html = [
    '<p><br></p>',
    `<p>--<br>${UNSUBSCRIBE_PROMPT} <a href="${url}">${UNSUBSCRIBE_LABEL}</a>.</p>`,
    address ? `<p>${escapeHtml(address)}</p>` : '',
    gdpr ? `<p>${escapeHtml(gdpr)}</p>` : '',
  ].join('');
  return { text, html };
}
