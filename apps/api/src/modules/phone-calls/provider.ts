import type { FastifyBaseLogger } from 'fastify';
import type { Config, TwilioConfig } from '../../config';

/** One interface for placing phone calls; Twilio when configured, else a simulator that writes to the log. */
export type PhoneCall = { to: string; twiml: string };
export type PlacedCall = { id: string | null; status: 'queued' | 'simulated'; simulated: boolean };

export interface PhoneCallProvider {
  readonly name: string;
  call(call: PhoneCall): Promise<PlacedCall>;
}

/** The provider refused or could not be reached: answered 502 (or 504 on timeout). */
export class PhoneCallError extends Error {
  constructor(
    message: string,
    readonly status: 502 | 504,
  ) {
    super(message);
    this.name = 'PhoneCallError';
  }
}

const TIMEOUT_MS = 10_000;

/**
 * Twilio's documented Calls API: POST {base}/2010-04-01/Accounts/{AccountSid}/Calls.json, form-encoded
 * To, From and Twiml, HTTP basic auth with the account SID and auth token; 201 with the call's sid.
 */
export function twilioProvider(cfg: TwilioConfig, doFetch: typeof fetch = fetch): PhoneCallProvider {
  return {
    name: 'twilio',
    async call({ to, twiml }) {
      const url = `${cfg.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(cfg.accountSid)}/Calls.json`;
      const timeout = AbortSignal.timeout(TIMEOUT_MS);
      let res: Response;
      type TwilioAnswer = { sid?: string; status?: string; message?: string; code?: number };
      let body: TwilioAnswer | null;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${cfg.accountSid}:${cfg.authToken}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ To: to, From: cfg.from, Twiml: twiml }).toString(),
          signal: timeout,
        });
        try {
          body = (await res.json()) as TwilioAnswer;
        } catch {
          body = null;
        }
      } catch (err) {
        if (timeout.aborted) throw new PhoneCallError('The phone provider did not answer in time', 504);
        throw new PhoneCallError(`The phone provider could not be reached (${(err as Error).message})`, 502);
      }
      if (!res.ok) throw new PhoneCallError(`The phone provider refused the call${body?.message ? `: ${body.message}` : ` (HTTP ${res.status})`}`, 502);
      return { id: body?.sid ?? null, status: 'queued', simulated: false };
    },
  };
}

/** No phone provider configured: the call is written to the log and reported as simulated. */
export function simulatedProvider(log: FastifyBaseLogger): PhoneCallProvider {
  return {
    name: 'simulated',
    async call({ to, twiml }) {
      log.info({ to, twiml }, 'test call (simulated: no phone provider configured)');
      return { id: null, status: 'simulated', simulated: true };
    },
  };
}

export function phoneProviderFor(config: Config, log: FastifyBaseLogger): PhoneCallProvider {
  return config.twilio ? twilioProvider(config.twilio) : simulatedProvider(log);
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What the agent says on a test call. */
export function testCallTwiml(brandName: string, userName: string | null): string {
  const who = userName ? `, ${userName}` : '';
  return `<Response><Say>Hello${escapeXml(who)}. This is a test call from your ${escapeXml(brandName)} sales agent. Your phone is set up correctly. Goodbye.</Say></Response>`;
}
