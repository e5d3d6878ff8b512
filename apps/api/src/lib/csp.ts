import type { HolderConfig } from '@shared/brands';

/** The origins of the brand's head scripts (CRM, widget platform, live chat): its only third parties. */
export function headScriptOrigins(brand: HolderConfig): string[] {
  const origins = Object.values(brand.scripts)
    .filter((src): src is string => typeof src === 'string' && src.length > 0)
    .map((src) => new URL(src).origin);
  return [...new Set(origins)].sort();
}

/**
 * The Content-Security-Policy of every HTML page, per brand (docs/decisions.md):
 * - scripts only from this origin and the brand's head-script origins; no inline script at all (the
 *   built index.html has none, so neither a nonce nor a hash is needed) and no eval;
 * - connections to this origin (the API and the live cable) and the head-script origins (their widgets
 *   call home);
 * - images from anywhere over https, data: and blob: (prospect photos from LinkedIn, uploaded avatars);
 * - inline styles allowed: React, Radix, recharts, sonner and Quill set styles at run time; a style
 *   cannot run script;
 * - no plugins, no <base> elsewhere, forms post only here, and no page may frame us.
 */
export function contentSecurityPolicy(brand: HolderConfig): string {
  const third = headScriptOrigins(brand);
  const list = (...items: string[]) => items.join(' ');
  const directives: Array<[string, string]> = [
    ['default-src', "'self'"],
    ['script-src', list("'self'", ...third)],
    ['script-src-attr', "'none'"],
    ['style-src', list("'self'", "'unsafe-inline'")],
    ['img-src', list("'self'", 'data:', 'blob:', 'https:')],
    ['font-src', list("'self'", 'data:')],
    ['connect-src', list("'self'", ...third)],
    ['frame-src', third.length ? list(...third) : "'none'"],
    ['worker-src', list("'self'", 'blob:')],
    ['manifest-src', "'self'"],
    ['media-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map(([k, v]) => `${k} ${v}`).join('; ');
}
