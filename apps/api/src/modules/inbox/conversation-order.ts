import type { EmailThreadMessageRow } from '../../db/schema';

type Ordered = Pick<EmailThreadMessageRow, 'id' | 'messageId' | 'inReplyTo' | 'sentAt'>;

/**
 * A thread's messages in conversation order: by their Date header, except that an answer never comes before
 * the message it answers (In-Reply-To within the thread). A prospect whose clock runs behind ours dates a
 * reply minutes before the email it answers; ordered by date alone, the reply sat above the question.
 * The dates shown stay what the headers say; only the order changes.
 */
export function conversationOrder<T extends Ordered>(rows: readonly T[]): T[] {
  const byMessageId = new Map<string, T>();
  for (const row of rows) if (!byMessageId.has(row.messageId)) byMessageId.set(row.messageId, row);
  const parentOf = (row: T) => (row.inReplyTo ? byMessageId.get(row.inReplyTo) : undefined);
  // Each message's answered chain, newest first, stopping at a loop (forged or broken headers).
  const chain = (row: T): T[] => {
    const out = [row];
    for (let p = parentOf(row); p && !out.includes(p); p = parentOf(p)) out.push(p);
    return out;
  };
  const keys = new Map<T, { at: number; depth: number }>();
  for (const row of rows) {
    const ancestors = chain(row);
    keys.set(row, { at: Math.max(...ancestors.map((m) => m.sentAt.getTime())), depth: ancestors.length });
  }
  // Same time: the answered message first (fewer ancestors), then by arrival (id).
  return [...rows].sort((a, b) => keys.get(a)!.at - keys.get(b)!.at || keys.get(a)!.depth - keys.get(b)!.depth || a.id - b.id);
}
