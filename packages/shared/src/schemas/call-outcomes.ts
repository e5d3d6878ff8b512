/** How a call ended: logged by the user on a call task, or reported by the phone provider for the agent's call. Its own module: the interactions and the tasks both read it. */
export const CALL_OUTCOMES = ['connected', 'voicemail', 'no_answer', 'wrong_number'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  connected: 'Connected',
  voicemail: 'Left a voicemail',
  no_answer: 'No answer',
  wrong_number: 'Wrong number',
};
