import type { FastifyBaseLogger } from 'fastify';

/** An SMS provider (Twilio and the like plug in here); the default writes to the server log. */
export type SmsSender = {
  send(to: string, text: string): Promise<void>;
  /**
   * True for the log-only default (no SMS provider configured): nothing reaches a phone, so flows
   * that must deliver a code (onboarding's phone check) also email it to the user's own address.
   */
  readonly logOnly?: boolean;
};

export function logSms(log: Pick<FastifyBaseLogger, 'info'>): SmsSender {
  return {
    logOnly: true,
    async send(to, text) {
      log.info({ to }, `SMS (no provider configured) to ${to}: ${text}`);
    },
  };
}
