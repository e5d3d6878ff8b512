import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type TwilioRequest = { path: string; auth: string | undefined; contentType: string | undefined; form: URLSearchParams };

/** Credentials the local server accepts (HTTP basic auth: the account SID and auth token). */
export const TWILIO_TEST = { accountSid: 'AC123', authToken: 'secret-token', from: '+14155550100' } as const;

/**
 * A local server speaking Twilio's Calls API wire format: POST /2010-04-01/Accounts/{Sid}/Calls.json,
 * form-encoded in, HTTP basic auth, 201 JSON with the call's sid out; Twilio's error JSON (code, message,
 * status) on a refusal. To +15005550001 is refused as an invalid number. `uniqueSids`: each call its own sid.
 */
export async function startTwilioServer(options: { uniqueSids?: boolean } = {}) {
  const seen: TwilioRequest[] = [];
  let calls = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      seen.push({ path: req.url ?? '', auth: req.headers.authorization, contentType: req.headers['content-type'], form });
      const send = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Calls\.json$/.exec(req.url ?? '');
      const expected = `Basic ${Buffer.from(`${TWILIO_TEST.accountSid}:${TWILIO_TEST.authToken}`).toString('base64')}`;
      if (req.method !== 'POST' || !m) return send(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      if (req.headers.authorization !== expected) return send(401, { code: 20003, message: 'Authenticate', status: 401 });
      if (form.get('To') === '+15005550001') return send(400, { code: 21211, message: "The 'To' number +15005550001 is not a valid phone number.", status: 400 });
      if (form.get('To') === '+15005550009') return; // never answers
      const sid = options.uniqueSids ? `CA${(++calls).toString(16).padStart(32, '0')}` : 'CA0123456789abcdef0123456789abcdef';
      send(201, { sid, status: 'queued', to: form.get('To'), from: form.get('From'), account_sid: m[1] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    seen,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
