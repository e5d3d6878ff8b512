/**
 * Delivery status notifications (RFC 3464 multipart/report; report-type=delivery-status), parsed from
 * the MIME tree of the raw message: the per-recipient fields (Status, Action, Final-Recipient,
 * Diagnostic-Code) of the message/delivery-status part, and the original Message-ID from the returned
 * message (message/rfc822) or its headers (text/rfc822-headers). Bounces whose identifying headers sit
 * only in the returned part are matched this way (listmonk #492). Pure: no database.
 */

export type Dsn = {
  /** The enhanced status code, "5.1.1"; its class decides: 5 permanent, 4 delayed. */
  status: string;
  action: string | null;
  finalRecipient: string | null;
  diagnostic: string | null;
  /** The Message-ID of the message that bounced, "<…>", when the report returns it. */
  originalMessageId: string | null;
};

type Part = { headers: Map<string, string>; body: string };

/** Header block → lowercase name → unfolded value (the first of each name). */
export function parseHeaderBlock(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    const name = line.slice(0, at).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(at + 1).trim());
  }
  return headers;
}

function splitPart(raw: string): Part {
  const m = /\r?\n\r?\n/.exec(raw);
  if (!m) return { headers: parseHeaderBlock(raw), body: '' };
  return { headers: parseHeaderBlock(raw.slice(0, m.index)), body: raw.slice(m.index + m[0].length) };
}

const paramOf = (value: string, name: string): string | null => {
  const m = new RegExp(`(?:^|;)\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return m ? (m[1] ?? m[2] ?? null) : null;
};

const mediaType = (part: Part) => (part.headers.get('content-type') ?? 'text/plain').split(';')[0]!.trim().toLowerCase();

function decode(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    return part.body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
  return part.body;
}

/** Every leaf part of the tree (depth-first), descending into multiparts; bounded against hostile nesting. */
function leaves(part: Part, depth = 0): Part[] {
  const type = mediaType(part);
  if (!type.startsWith('multipart/') || depth > 8) return [part];
  const boundary = paramOf(part.headers.get('content-type') ?? '', 'boundary');
  if (!boundary) return [part];
  const chunks = part.body.split(new RegExp(`^--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?$`, 'm'));
  // The preamble before the first boundary and the epilogue after the last are not parts.
  return chunks
    .slice(1, -1)
    .map((c) => splitPart(c.replace(/^\r?\n/, '')))
    .flatMap((p) => leaves(p, depth + 1));
}

const MESSAGE_ID = /^message-id:[ \t]*(<[^>\s]+>)/im;

/** A bare or bracketed Message-ID → "<…>" (null when empty). */
export function normaliseMessageId(id: string | null | undefined): string | null {
  const bare = (id ?? '').trim().replace(/^<|>$/g, '').trim();
  return bare ? `<${bare}>` : null;
}

/** The DSN of a raw message, or null when it is not a delivery status report. */
export function parseDsn(raw: string): Dsn | null {
  const top = splitPart(raw);
  const parts = leaves(top);
  const statusPart = parts.find((p) => mediaType(p) === 'message/delivery-status' || mediaType(p) === 'message/global-delivery-status');
  if (!statusPart) return null;
  // Per-message fields, then one block per recipient: the first recipient block with a Status wins.
  const blocks = decode(statusPart)
    .split(/\r?\n\s*\r?\n/)
    .map(parseHeaderBlock)
    .filter((b) => b.size > 0);
  const recipient = blocks.find((b) => b.has('status'));
  if (!recipient) return null;
  const status = /([245])\.\d{1,3}\.\d{1,3}/.exec(recipient.get('status') ?? '')?.[0];
  if (!status) return null;
  const address = (field: string | undefined) => {
    if (!field) return null;
    const value = field.includes(';') ? field.slice(field.indexOf(';') + 1) : field;
    return value.trim().replace(/^<|>$/g, '').toLowerCase() || null;
  };
  let originalMessageId: string | null = null;
  for (const p of parts) {
    const type = mediaType(p);
    if (type === 'message/rfc822' || type === 'text/rfc822-headers' || type === 'message/global' || type === 'message/global-headers') {
      const found = MESSAGE_ID.exec(decode(p).replace(/\r?\n[ \t]+/g, ' '));
      if (found) {
        originalMessageId = normaliseMessageId(found[1]);
        break;
      }
    }
  }
  return {
    status,
    action: recipient.get('action')?.toLowerCase() ?? null,
    finalRecipient: address(recipient.get('final-recipient')) ?? address(recipient.get('original-recipient')),
    diagnostic: recipient.get('diagnostic-code')?.replace(/^smtp;\s*/i, '') ?? null,
    originalMessageId,
  };
}

/**
 * A bounce that is not a multipart/report (some MTAs send plain text): from the mailer daemon or
 * postmaster, with the returned headers quoted in the body. Answers the Message-IDs quoted there.
 */
export function plainBounceMessageIds(from: string, subject: string, text: string): string[] {
  if (!/^(mailer-daemon|postmaster|mail-daemon)@/i.test(from) && !/undeliver|delivery (status notification|failure|has failed)|returned mail|failure notice/i.test(subject)) return [];
  const ids: string[] = [];
  for (const m of text.matchAll(/^\s*message-id:[ \t]*(<[^>\s]+>)/gim)) ids.push(m[1]!);
  return ids;
}
