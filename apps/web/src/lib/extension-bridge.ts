import { EXTENSION_ID } from '@shared/extension/ids';
import type { ErrorReply, ExternalRequest, PresenceReply, ProfileReply } from '@shared/extension/protocol';
import { FIELD_SOURCES, PROFILE_FIELDS, type FieldSource, type LinkedInProfile } from '@shared/schemas/linkedin';

/**
 * The web page → extension transport. The page reaches the extension by id through
 * `externally_connectable`: chrome.runtime.sendMessage(EXTENSION_ID, message, callback).
 *
 * "Not installed" has several faces and all of them resolve to null, never a throw:
 * - no `chrome.runtime` at all (not Chromium, extension absent, or this origin is not allowed);
 * - the callback fires with `chrome.runtime.lastError` set (extension missing or disabled);
 * - the callback fires with `undefined` (nobody answered);
 * - no answer within the timeout (a stuck or restarting worker);
 * - an answer that is not a protocol reply.
 */

export type BridgeFailure = 'no-runtime' | 'last-error' | 'no-reply' | 'timeout' | 'invalid-reply' | 'threw';

type ReplyFor<M extends ExternalRequest> = M extends { type: 'presence' } ? PresenceReply | ErrorReply : ProfileReply | ErrorReply;

export type SendOptions = {
  /** How long to wait for the callback; past it the extension counts as absent for this request. */
  timeoutMs?: number;
  extensionId?: string;
};

export const DEFAULT_EXTENSION_TIMEOUT_MS = 3000;

/** Each failure kind is logged once per page load: polling every 2 s must not flood the console. */
const logged = new Set<BridgeFailure>();
function logOnce(kind: BridgeFailure, detail?: string): void {
  if (logged.has(kind)) return;
  logged.add(kind);
  console.info(`[extension] no answer from the extension (${kind}${detail ? `: ${detail}` : ''}); treating it as not installed`);
}

/** For tests: log every failure kind again. */
export function resetBridgeLogs(): void {
  logged.clear();
}

type MinimalRuntime = {
  sendMessage: (extensionId: string, message: unknown, callback: (reply: unknown) => void) => void;
  lastError?: { message?: string } | undefined;
};

function runtime(): MinimalRuntime | null {
  const c = (globalThis as { chrome?: { runtime?: Partial<MinimalRuntime> } }).chrome;
  const r = c?.runtime;
  return r && typeof r.sendMessage === 'function' ? (r as MinimalRuntime) : null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const strOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const arr = <T>(v: unknown, map: (x: unknown) => T | null): T[] =>
  Array.isArray(v) ? v.map(map).filter((x): x is T => x !== null) : [];

/**
 * Loose validation: the shape the UI relies on is checked and gaps are filled (missing arrays become
 * empty, unknown scalars become null), so an extension one version apart never crashes the page.
 */
export function normalizeProfile(v: unknown): LinkedInProfile | null {
  if (!isObject(v) || typeof v.profile_url !== 'string' || v.profile_url.length === 0) return null;
  const degrees = ['self', '1st', '2nd', '3rd', 'out_of_network'] as const;
  const contact = isObject(v.contact_info)
    ? {
        emails: arr(v.contact_info.emails, strOrNull),
        phones: arr(v.contact_info.phones, strOrNull),
        websites: arr(v.contact_info.websites, strOrNull),
        twitter: strOrNull(v.contact_info.twitter),
      }
    : null;
  const profile: Omit<LinkedInProfile, 'sources'> = {
    profile_url: v.profile_url,
    public_identifier: typeof v.public_identifier === 'string' ? v.public_identifier : '',
    full_name: strOrNull(v.full_name),
    first_name: strOrNull(v.first_name),
    last_name: strOrNull(v.last_name),
    headline: strOrNull(v.headline),
    location: strOrNull(v.location),
    photo_url: strOrNull(v.photo_url),
    about: strOrNull(v.about),
    current_company: strOrNull(v.current_company),
    current_title: strOrNull(v.current_title),
    experience: arr(v.experience, (e) =>
      isObject(e)
        ? {
            title: strOrNull(e.title),
            company: strOrNull(e.company),
            date_range: strOrNull(e.date_range),
            location: strOrNull(e.location),
            description: strOrNull(e.description),
            grouped: e.grouped === true,
          }
        : null,
    ),
    education: arr(v.education, (e) =>
      isObject(e)
        ? {
            school: strOrNull(e.school),
            degree: strOrNull(e.degree),
            field_of_study: strOrNull(e.field_of_study),
            date_range: strOrNull(e.date_range),
          }
        : null,
    ),
    skills: arr(v.skills, strOrNull),
    connection_degree: (degrees as readonly unknown[]).includes(v.connection_degree)
      ? (v.connection_degree as LinkedInProfile['connection_degree'])
      : null,
    contact_info: contact,
    open_to_work: v.open_to_work === true,
    is_own_profile: v.is_own_profile === true,
    limited: v.limited === true,
  };
  return { ...profile, sources: normalizeSources(v.sources, profile) };
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** Every field gets a source: the reported one, else 'missing' for an empty value and 'heuristic' otherwise. */
function normalizeSources(raw: unknown, profile: Omit<LinkedInProfile, 'sources'>): LinkedInProfile['sources'] {
  const given = isObject(raw) ? raw : {};
  return Object.fromEntries(
    PROFILE_FIELDS.map((f) => {
      const src = given[f];
      return [f, (FIELD_SOURCES as readonly string[]).includes(src as string) ? (src as FieldSource) : isEmpty(profile[f]) ? 'missing' : 'heuristic'];
    }),
  ) as LinkedInProfile['sources'];
}

const NO_PROFILE_REASONS = ['no_linkedin_tab', 'not_a_profile', 'loading'] as const;

/** A reply to `message`, or null when it is not one. */
export function validateReply<M extends ExternalRequest>(message: M, reply: unknown): ReplyFor<M> | null {
  if (!isObject(reply) || typeof reply.status !== 'string') return null;
  if (reply.status === 'error') {
    return { status: 'error', error: typeof reply.error === 'string' ? reply.error : 'Unknown error' } as ReplyFor<M>;
  }
  if (message.type === 'presence') {
    if (reply.status !== 'ok') return null;
    return { status: 'ok', version: typeof reply.version === 'string' ? reply.version : '' } as ReplyFor<M>;
  }
  if (reply.status === 'no_profile') {
    const reason = (NO_PROFILE_REASONS as readonly unknown[]).includes(reply.reason)
      ? (reply.reason as (typeof NO_PROFILE_REASONS)[number])
      : 'no_linkedin_tab';
    return { status: 'no_profile', reason } as ReplyFor<M>;
  }
  if (reply.status === 'ok') {
    const profile = normalizeProfile(reply.profile);
    if (!profile) return null;
    return {
      status: 'ok',
      profile,
      url: typeof reply.url === 'string' ? reply.url : profile.profile_url,
      captured_at: typeof reply.captured_at === 'string' ? reply.captured_at : new Date().toISOString(),
    } as ReplyFor<M>;
  }
  return null;
}

/** Sends one message to the extension; resolves with its reply, or null when nobody (valid) answered. */
export function sendToExtension<M extends ExternalRequest>(message: M, options: SendOptions = {}): Promise<ReplyFor<M> | null> {
  const { timeoutMs = DEFAULT_EXTENSION_TIMEOUT_MS, extensionId = EXTENSION_ID } = options;
  const rt = runtime();
  if (!rt) {
    logOnce('no-runtime');
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: ReplyFor<M> | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    const timer = setTimeout(() => {
      logOnce('timeout', `${timeoutMs} ms`);
      finish(null);
    }, timeoutMs);
    try {
      rt.sendMessage(extensionId, message, (reply: unknown) => {
        // Reading lastError marks it handled (Chrome otherwise logs "Unchecked runtime.lastError").
        const lastError = rt.lastError;
        if (lastError) {
          logOnce('last-error', lastError.message);
          return finish(null);
        }
        if (reply === undefined) {
          logOnce('no-reply');
          return finish(null);
        }
        const valid = validateReply(message, reply);
        if (!valid) logOnce('invalid-reply');
        finish(valid);
      });
    } catch (error) {
      // sendMessage throws synchronously when the id is unknown to an allowed page in some versions.
      logOnce('threw', error instanceof Error ? error.message : String(error));
      finish(null);
    }
  });
}
