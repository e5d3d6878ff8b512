/**
 * Which mailbox sends a step. First messages are spread evenly over the virtual employee's mailboxes
 * (the one with the fewest first messages so far, ties by the lowest id), skipping mailboxes that are
 * paused, failing or at a limit right now; a follow-up always leaves from the mailbox that sent step 1,
 * so it stays in the thread the recipient sees, and waits for that mailbox rather than switching.
 */

export type RotationMailbox = {
  id: number;
  status: 'active' | 'paused' | 'failing';
  /** First messages this mailbox has sent (or holds queued) for this virtual employee. */
  firstMessages: number;
  /** False when a limit holds it back now (canSendAt said no, or no capacity left today). */
  available: boolean;
};

export type MailboxChoice = { ok: true; mailboxId: number } | { ok: false; reason: string };

const eligible = (m: RotationMailbox) => m.status === 'active' && m.available;

/** The mailbox for a first message, or why none can take it now. */
export function pickFirstMessageMailbox(mailboxes: readonly RotationMailbox[]): MailboxChoice {
  if (!mailboxes.length) return { ok: false, reason: 'the virtual employee has no mailbox' };
  let best: RotationMailbox | null = null;
  for (const m of mailboxes) {
    if (!eligible(m)) continue;
    if (!best || m.firstMessages < best.firstMessages || (m.firstMessages === best.firstMessages && m.id < best.id)) best = m;
  }
  if (best) return { ok: true, mailboxId: best.id };
  return { ok: false, reason: mailboxes.every((m) => m.status !== 'active') ? 'every mailbox is paused or failing' : 'every mailbox is at a limit' };
}

/**
 * The mailbox for step `step` (1 = the first message). A follow-up uses the mailbox of step 1; if that
 * mailbox is gone, paused or failing, the follow-up waits (it is never sent from another address).
 */
export function mailboxForStep(step: number, step1MailboxId: number | null, mailboxes: readonly RotationMailbox[]): MailboxChoice {
  if (step <= 1) return pickFirstMessageMailbox(mailboxes);
  if (step1MailboxId === null) return { ok: false, reason: 'step 1 has not been sent yet' };
  const own = mailboxes.find((m) => m.id === step1MailboxId);
  if (!own) return { ok: false, reason: 'the mailbox that sent step 1 is no longer connected to this virtual employee' };
  if (own.status !== 'active') return { ok: false, reason: `the mailbox that sent step 1 is ${own.status}` };
  if (!own.available) return { ok: false, reason: 'the mailbox that sent step 1 is at a limit' };
  return { ok: true, mailboxId: own.id };
}

/**
 * Assigns `count` first messages in one go (planning a batch): each goes to the least used eligible
 * mailbox, so the counts stay within one of each other. Returns the mailbox id per message, null where
 * no mailbox is eligible.
 */
export function assignFirstMessages(count: number, mailboxes: readonly RotationMailbox[]): Array<number | null> {
  const state = mailboxes.map((m) => ({ ...m }));
  const out: Array<number | null> = [];
  for (let i = 0; i < count; i++) {
    const choice = pickFirstMessageMailbox(state);
    if (!choice.ok) {
      out.push(null);
      continue;
    }
    out.push(choice.mailboxId);
    state.find((m) => m.id === choice.mailboxId)!.firstMessages++;
  }
  return out;
}
