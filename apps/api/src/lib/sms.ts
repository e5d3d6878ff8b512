import type { FastifyBaseLogger } from 'fastify';

/** An SMS provider (Twilio and the like plug in here); the default writes to the server log. */
export type SmsSender = { send(to: string, text: string): Promise<void> };

export function logSms(log: Pick<FastifyBaseLogger, 'info'>): SmsSender {
  return {
    async send(to, text) {
      log.info({ to }, `SMS (no provider configured) to ${to}: ${text}`);
    },
  };
}
