import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { BRANDS, getBrand, holderIdForHost } from '@shared/brands';
import type { HolderConfig } from '@shared/brands';
import type { Config } from '../config';

/** origin: the brand's configured public origin (config.publicOrigins), never the request's Host. */
export type RequestBrand = { holderId: number; brand: HolderConfig; origin: string };

/** Where a brand's links point: from configuration only, so a forged Host cannot redirect an emailed link. */
export function brandOrigin(config: Pick<Config, 'publicOrigins'>, holderId: number): string {
  return config.publicOrigins[holderId] ?? config.publicOrigins[0]!;
}

/** The holder: the trusted proxy's header when TRUST_PROXY is on, else the Host; unknown → brand 0. */
export function holderIdForRequest(req: FastifyRequest, config: Config): number {
  return holderIdFor(req.headers, req.host, config);
}

/**
 * The same for a request Fastify does not route (the cable's WebSocket upgrade): the host is the Host
 * header, or X-Forwarded-Host behind a trusted proxy, as Fastify reads it.
 */
export function holderIdForUpgrade(req: IncomingMessage, config: Config): number {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim();
  const host = (config.trustProxy ? first(req.headers['x-forwarded-host']) : undefined) ?? first(req.headers.host) ?? '';
  return holderIdFor(req.headers, host, config);
}

function holderIdFor(headers: IncomingHttpHeaders, host: string, config: Config): number {
  if (config.trustProxy) {
    const raw = headers[config.holderHeader];
    const n = Number(Array.isArray(raw) ? raw[0] : raw);
    if (raw !== undefined && Number.isInteger(n) && n >= 0 && n <= 9) return n;
  }
  return holderIdForHost(host, config.brandDomains);
}

export function requestBrand(req: FastifyRequest, config: Config): RequestBrand {
  const holderId = holderIdForRequest(req, config);
  return { holderId, brand: getBrand(holderId), origin: brandOrigin(config, holderId) };
}

const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\]|brand\d\.localhost)$/;

/**
 * Origins we may send a browser back to (OAuth, links): the request's own host, local dev hosts, or a
 * brand's configured domain over https. Anything else would make us an open redirect.
 */
export function allowedOrigin(candidate: string | undefined, req: FastifyRequest, config: Config): string | null {
  if (!candidate) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  const brandDomains = new Set([...BRANDS.flatMap((b) => b.domains), ...Object.keys(config.brandDomains)]);
  const ok =
    url.host.toLowerCase() === req.host.toLowerCase() ||
    LOCAL_HOST.test(host) ||
    (url.protocol === 'https:' && brandDomains.has(host));
  return ok ? url.origin : null;
}
