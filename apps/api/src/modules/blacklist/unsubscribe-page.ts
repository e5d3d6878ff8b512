import type { HolderConfig } from '@shared/brands';

/**
 * The unsubscribe page: server-rendered HTML (it must work from any mail program, without the web app,
 * its JavaScript or a session), styled with the brand's mark, name and accent colour (as the app's header:
 * the wordmark draws its name in currentColor, black in an <img>), under the brand's
 * Content-Security-Policy (no script at all; inline style is allowed by that policy).
 */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export type UnsubscribePageState =
  | { kind: 'confirm'; email: string; sender: string }
  | { kind: 'done'; email: string; sender: string }
  | { kind: 'gone' }
  | { kind: 'invalid' };

function content(state: UnsubscribePageState): { title: string; body: string } {
  switch (state.kind) {
    case 'confirm':
      return {
        title: 'Unsubscribe',
        body: `<h1>Unsubscribe?</h1>
<p>Stop emails from <strong>${escapeHtml(state.sender)}</strong> to <strong>${escapeHtml(state.email)}</strong>.</p>
<form method="post"><input type="hidden" name="source" value="page"><button type="submit">Unsubscribe</button></form>
<p class="muted">One click is enough: you will not be asked to sign in or to confirm again.</p>`,
      };
    case 'done':
      return {
        title: 'You are unsubscribed',
        body: `<div role="status"><h1>You are unsubscribed</h1></div>
<p><strong>${escapeHtml(state.email)}</strong> will get no more emails from <strong>${escapeHtml(state.sender)}</strong>.</p>
<p class="muted">You can close this page.</p>`,
      };
    case 'gone':
      return {
        title: 'You are unsubscribed',
        body: `<div role="status"><h1>You are unsubscribed</h1></div>
<p>The sender of this email no longer has an account here, so no more emails will come from it.</p>`,
      };
    case 'invalid':
      return {
        title: 'This unsubscribe link is not valid',
        body: `<h1>This unsubscribe link is not valid</h1>
<p>It may have been cut short by your mail program. Open the link from the email again (the whole link), or reply to the email and ask to be removed.</p>
<p class="muted">Nothing was changed.</p>`,
      };
  }
}

export function unsubscribePageHtml(brand: HolderConfig, state: UnsubscribePageState): string {
  const { title, body } = content(state);
  const accent = /^#[0-9a-f]{6}$/i.test(brand.accent_color) ? brand.accent_color : '#6366f1';
  return `<!doctype html>
<html lang="en" class="dark">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} · ${escapeHtml(brand.company_name)}</title>
<link rel="icon" href="${escapeHtml(brand.favicon_small)}">
<style>
:root { color-scheme: dark; --accent: ${accent}; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; padding: 1.5rem;
  font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #0b0d12; color: #e6e8ee; }
main { width: 100%; max-width: 28rem; background: #141821; border: 1px solid #262b36; border-radius: 0.75rem; padding: 2rem; }
.logo { display: flex; align-items: center; gap: 0.5rem; margin-bottom: 1.5rem; font-weight: 600; }
.logo img { height: 2rem; width: 2rem; }
h1 { font-size: 1.375rem; margin: 0 0 0.75rem; }
p { line-height: 1.5; margin: 0 0 1rem; overflow-wrap: anywhere; }
.muted { color: #9aa3b2; font-size: 0.875rem; }
button { width: 100%; min-height: 2.75rem; border: 0; border-radius: 0.5rem; background: var(--accent); color: #fff; font: inherit; font-weight: 600; cursor: pointer; margin-bottom: 1rem; }
button:hover { filter: brightness(1.1); }
button:focus-visible { outline: 3px solid #fff; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<div class="logo"><img src="${escapeHtml(brand.favicon_big)}" alt="" width="32" height="32"><span>${escapeHtml(brand.company_name)}</span></div>
${body}
</main>
</body>
</html>
`;
}
