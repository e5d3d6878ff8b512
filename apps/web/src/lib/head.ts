/** Small DOM helpers for the brand's <head> (favicons, meta tags, scripts). */

export function setLinkHref(selector: string, create: () => HTMLLinkElement, href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>(selector);
  if (!link) {
    link = create();
    document.head.appendChild(link);
  }
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

export type MetaSpec = { name?: string; property?: string; content: string };

/** Replaces the brand-owned meta tags (marked data-brand-meta) with the given list. */
export function replaceBrandMeta(tags: MetaSpec[]): void {
  for (const old of Array.from(document.head.querySelectorAll('meta[data-brand-meta]'))) old.remove();
  for (const tag of tags) {
    const meta = document.createElement('meta');
    if (tag.name) meta.setAttribute('name', tag.name);
    if (tag.property) meta.setAttribute('property', tag.property);
    meta.setAttribute('content', tag.content);
    meta.setAttribute('data-brand-meta', 'true');
    document.head.appendChild(meta);
  }
}

const failedScripts = new Set<string>();

/**
 * Appends an async third-party script once. A script that cannot load (blocked, offline) is
 * logged once and otherwise ignored: the page never depends on it.
 */
export function appendScript(src: string, attributes: Record<string, string> = {}): HTMLScriptElement {
  const existing = Array.from(document.head.querySelectorAll<HTMLScriptElement>('script[data-head-script]')).find(
    (s) => s.getAttribute('src') === src,
  );
  if (existing) return existing;
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.setAttribute('data-head-script', 'true');
  for (const [k, v] of Object.entries(attributes)) script.setAttribute(k, v);
  script.onerror = () => {
    if (failedScripts.has(src)) return;
    failedScripts.add(src);
    console.warn(`Head script could not load and was skipped: ${src}`);
  };
  document.head.appendChild(script);
  return script;
}

/** White or near-black text, whichever reads better on the accent colour. */
export function readableTextOn(hex: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return '#ffffff';
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((h) => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.45 ? '#0b0d12' : '#ffffff';
}
