import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, TwilioConfig } from '../../config';

/** One interface for placing phone calls; Twilio when configured, else a simulator that writes to the log. */
/**
 * What to say: inline `twiml`, or `url` (the provider fetches the TwiML there, once the call is answered and,
 * with `machineDetection`, once it knows who answered). `statusCallback` gets the call's progress.
 */
export type PhoneCall = { to: string; twiml?: string; url?: string; statusCallback?: string; machineDetection?: boolean };
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
    async call(call) {
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
          body: callForm(cfg.from, call).toString(),
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

/**
 * The Calls.json form: To, From, then Twiml or Url; with machine detection, Twilio's synchronous variant that
 * waits for a voicemail greeting to end (MachineDetection=DetectMessageEnd), so the TwiML fetched from Url
 * knows AnsweredBy and can leave the voicemail after the beep; status callbacks for every progress event.
 */
export function callForm(from: string, call: PhoneCall): URLSearchParams {
  const form = new URLSearchParams({ To: call.to, From: from });
  if (call.twiml !== undefined) form.set('Twiml', call.twiml);
  if (call.url !== undefined) {
    form.set('Url', call.url);
    form.set('Method', 'POST');
  }
  if (call.machineDetection) form.set('MachineDetection', 'DetectMessageEnd');
  if (call.statusCallback !== undefined) {
    form.set('StatusCallback', call.statusCallback);
    form.set('StatusCallbackMethod', 'POST');
    for (const event of ['initiated', 'ringing', 'answered', 'completed']) form.append('StatusCallbackEvent', event);
  }
  return form;
}

/**
 * Twilio's request signature (X-Twilio-Signature): base64 of HMAC-SHA1, keyed with the auth token, over the
 * full URL Twilio requested followed by each POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const pairs = [...params.entries()].sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const data = url + pairs.map(([k, v]) => k + v).join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function validTwilioSignature(authToken: string, url: string, params: URLSearchParams, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** No phone provider configured: the call is written to the log and reported as simulated. */
export function simulatedProvider(log: FastifyBaseLogger): PhoneCallProvider {
  return {
    name: 'simulated',
    async call({ to, twiml, url }) {
      log.info({ to, twiml, url }, 'test call (simulated: no phone provider configured)');
      return { id: null, status: 'simulated', simulated: true };
    },
  };
}

export function phoneProviderFor(config: Config, log: FastifyBaseLogger): PhoneCallProvider {
  return config.twilio ? twilioProvider(config.twilio) : simulatedProvider(log);
}

export const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What the agent says on a test call. */
export function testCallTwiml(brandName: string, userName: string | null): string {
  const who = userName ? `, ${userName}` : '';
  return `<Response><Say>Hello${escapeXml(who)}. This is a test call from your ${escapeXml(brandName)} sales agent. Your phone is set up correctly. Goodbye.</Say></Response>`;
}
