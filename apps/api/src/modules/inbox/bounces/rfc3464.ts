/**
 * RFC 3464 delivery-status fields (message/delivery-status, message/global-delivery-status, or the same fields
 * written into a text part): every recipient block, with its Final/Original-Recipient, Action, Status,
 * Diagnostic-Code and Remote-MTA. Tolerates blocks not separated by an empty line, folded fields and a missing
 * per-message block.
 */
import { firstAddress } from './mime';

export type DsnRecipient = {
  address: string | null;
  originalRecipient: string | null;
  action: string | null;
  status: string | null;
  diagnostic: string | null;
  remoteMta: string | null;
};

const RECIPIENT_FIELDS = new Set(['final-recipient', 'original-recipient', 'x-actual-recipient', 'action', 'status', 'diagnostic-code', 'remote-mta', 'last-attempt-date', 'will-retry-until', 'final-log-id', 'x-supplementary-info', 'x-display-name']);

/** The recipient blocks of delivery-status text (none: it holds no recipient field). */
export function parseDeliveryStatus(text: string): DsnRecipient[] {
  const unfolded = text.replace(/\r?\n(?=[ \t]+\S)/g, ' ');
  const blocks: Map<string, string>[] = [];
  let current: Map<string, string> | null = null;
  for (const line of unfolded.split(/\r?\n/)) {
    const m = /^([A-Za-z][A-Za-z0-9-]*)[ \t]*:[ \t]*(.*)$/.exec(line);
    if (!m) {
      if (!line.trim()) current = null;
      continue;
    }
    const name = m[1]!.toLowerCase();
    const value = m[2]!.trim();
    if (!RECIPIENT_FIELDS.has(name)) continue;
    // A recipient starts at its first field; a repeated recipient or status field starts the next one.
    const starts = name === 'final-recipient' || name === 'original-recipient';
    if (!current || (current.has(name) && (starts || name === 'status' || name === 'action'))) {
      current = new Map();
      blocks.push(current);
    }
    if (!current.has(name)) current.set(name, value);
  }
  return blocks
    .filter((b) => b.has('final-recipient') || b.has('original-recipient') || b.has('status'))
    .map((b) => ({
      address: addressOf(b.get('final-recipient')) ?? addressOf(b.get('x-actual-recipient')) ?? addressOf(b.get('original-recipient')),
      originalRecipient: addressOf(b.get('original-recipient')),
      action: b.get('action')?.toLowerCase().split(/[\s(]/)[0] ?? null,
      status: /[245]\.\d{1,3}\.\d{1,3}/.exec(b.get('status') ?? '')?.[0] ?? null,
      // Without a Diagnostic-Code, the Status field's own comment ("4.0.0 (host name lookup failure)") is the diagnostic.
      diagnostic: cleanDiagnostic(b.get('diagnostic-code')) ?? (/\(([^)]{6,})\)/.exec(b.get('status') ?? '')?.[1]?.trim() || null),
      remoteMta: b.get('remote-mta')?.replace(/^dns;\s*/i, '') ?? null,
    }));
}

function addressOf(field: string | undefined): string | null {
  if (!field) return null;
  const value = field.includes(';') ? field.slice(field.indexOf(';') + 1) : field;
  return firstAddress(value);
}

function cleanDiagnostic(value: string | undefined): string | null {
  if (!value) return null;
  const text = value.replace(/^(smtp|x-[\w-]+|unix|x-unix|mta|x-postfix|x-local|x-exim)\s*;\s*/i, '').trim();
  return text || null;
}
