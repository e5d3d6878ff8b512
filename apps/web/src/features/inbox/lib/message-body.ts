/**
 * What the thread view does to a message body before showing it: remote images held back until the user
 * allows them, and quoted history (lines starting with ">" and "On … wrote:" blocks) folded away.
 */

/**
 * The stored HTML (already sanitised by the API) with every http(s) image neutralised: <img src>,
 * srcset and CSS url(...) in style attributes. Returns the HTML and how many images were held back.
 */
export function blockRemoteImages(html: string): { html: string; blocked: number } {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  let blocked = 0;
  const remote = (v: string | null) => !!v && /^\s*(?:https?:)?\/\//i.test(v);
  for (const img of Array.from(doc.querySelectorAll('img'))) {
    const src = img.getAttribute('src');
    if (remote(src)) {
      // The address goes entirely (allowing images renders the original HTML again).
      img.removeAttribute('src');
      img.setAttribute('alt', img.getAttribute('alt') || 'Image blocked');
      blocked++;
    }
    if (img.hasAttribute('srcset')) {
      img.removeAttribute('srcset');
      blocked += src && remote(src) ? 0 : 1;
    }
  }
  for (const el of Array.from(doc.querySelectorAll('[style]'))) {
    const style = el.getAttribute('style') ?? '';
    if (/url\s*\(/i.test(style)) {
      el.setAttribute('style', style.replace(/url\s*\([^)]*\)/gi, 'none'));
      blocked++;
    }
  }
  for (const el of Array.from(doc.querySelectorAll('[background]'))) {
    if (remote(el.getAttribute('background'))) {
      el.removeAttribute('background');
      blocked++;
    }
  }
  return { html: doc.body.innerHTML, blocked };
}

/** The document shown in the sandboxed frame: a base style, links opening outside the frame. */
export function frameDocument(bodyHtml: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>body{margin:0;font:14px/1.5 system-ui,sans-serif;color:#111;background:#fff;word-wrap:break-word;overflow-wrap:anywhere}img{max-width:100%;height:auto}blockquote{margin:0 0 0 .5em;padding-left:.75em;border-left:2px solid #ccc;color:#555}pre{white-space:pre-wrap}</style></head><body>${bodyHtml}</body></html>`;
}

/** Quoted history in HTML: the Gmail/Outlook quote containers and a top-level blockquote, moved out. */
export function splitQuotedHtml(html: string): { main: string; quoted: string | null } {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const quote = doc.body.querySelector('.gmail_quote, #appendonsend, #divRplyFwdMsg, blockquote[type="cite"], body > blockquote');
  if (!quote) return { main: html, quoted: null };
  const after: Element[] = [];
  // Everything from the quote on is history (a trailing signature of the quoted mail included).
  const top = (() => {
    let n: Element = quote;
    while (n.parentElement && n.parentElement !== doc.body) n = n.parentElement;
    return n;
  })();
  let node: ChildNode | null = top;
  while (node) {
    const next: ChildNode | null = node.nextSibling;
    if (node instanceof Element) after.push(node);
    node.remove();
    node = next;
  }
  const main = doc.body.innerHTML;
  if (!main.replace(/<[^>]*>|&nbsp;/g, '').trim()) return { main: html, quoted: null };
  return { main, quoted: after.map((e) => e.outerHTML).join('') };
}

const WROTE = /^\s*(?:On\s.+wrote:|Le\s.+a écrit\s?:|Am\s.+schrieb.*:|El\s.+escribió:|-{2,}\s*Original Message\s*-{2,}|From:\s.+)\s*$/i;

/**
 * Plain text split into what the sender wrote and the quoted history: the first "On … wrote:" line
 * (also when the date wraps onto a second line) or the first run of ">" lines that reaches the end
 * (or only blank lines / more quotes follow).
 */
export function splitQuotedText(text: string): { main: string; quoted: string | null } {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let cut = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const joined = `${line} ${lines[i + 1] ?? ''}`;
    if (WROTE.test(line) || (/^\s*On\s/i.test(line) && /wrote:\s*$/i.test(joined) && !/wrote:/i.test(line))) {
      cut = i;
      break;
    }
    if (/^\s*>/.test(line) && lines.slice(i).every((l) => /^\s*>/.test(l) || !l.trim())) {
      cut = i;
      break;
    }
  }
  if (cut <= 0) return { main: text, quoted: null };
  const main = lines.slice(0, cut).join('\n').trimEnd();
  const quoted = lines.slice(cut).join('\n').trim();
  if (!main.trim() || !quoted) return { main: text, quoted: null };
  return { main, quoted };
}
