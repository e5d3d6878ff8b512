import { JSDOM } from 'jsdom';
import { expect } from 'vitest';

const { window } = new JSDOM('');

/** Asserts sanitised HTML holds only allowed tags and nothing that can run script (tests only). */
export function assertHarmlessHtml(html: string, tags: readonly string[]) {
  const tpl = window.document.createElement('template');
  tpl.innerHTML = html;
  for (const el of tpl.content.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    expect(tags, `tag <${tag}> in ${html}`).toContain(tag);
    for (const attr of el.attributes) {
      expect(attr.name, html).not.toMatch(/^on/i);
      expect(['srcdoc', 'action', 'formaction', 'xlink:href', 'http-equiv', 'name', 'id'], html).not.toContain(attr.name);
      expect(attr.value, html).not.toMatch(/(java|vb|live)script\s*:|data:text|expression\s*\(|url\s*\(/i);
    }
    const href = el.getAttribute('href');
    if (href !== null) expect(href === '' || /^(https?:\/\/|mailto:|tel:)/.test(href), `href ${href}`).toBe(true);
    const src = el.getAttribute('src');
    if (tag === 'img') expect(src, html).toMatch(/^(https?:\/\/|data:image\/(png|jpe?g|gif|webp);base64,)/);
    if (tag === 'iframe') expect(src, html).toMatch(/^https:\/\/(www\.)?(youtube-nocookie\.com|youtube\.com|player\.vimeo\.com)\//);
  }
}
