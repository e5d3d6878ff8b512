import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isWebRoute } from '@shared/web-routes';
import { brandsDir } from '../lib/paths';

const NOT_BUILT_HTML = `<!doctype html><html class="dark"><head><meta charset="utf-8"><title>Not built</title></head>
<body style="font-family:sans-serif;background:#111;color:#eee;padding:3rem">
<h1>The web app is not built yet</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which builds when needed), then reload.</p>
</body></html>`;

function cacheHeaders(reply: FastifyReply, file: string): void {
  if (file.endsWith('.html')) reply.header('cache-control', 'no-cache');
  // Vite puts content-hashed files under assets/: they never change under the same name.
  else if (file.split(path.sep).includes('assets')) reply.header('cache-control', 'public, max-age=31536000, immutable');
  else reply.header('cache-control', 'public, max-age=3600');
}

function latestExtensionZip(extensionDist: string): string | null {
  if (!fs.existsSync(extensionDist)) return null;
  const zips = fs
    .readdirSync(extensionDist)
    .filter((f) => f.endsWith('-chrome.zip'))
    .map((f) => path.join(extensionDist, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  return zips[0] ?? null;
}

const wantsHtml = (req: FastifyRequest) => (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');

/**
 * The built web app with SPA fallback (app routes get index.html), brand assets at /brands/<id>/<file>,
 * and 404 JSON for anything else, including every unknown /api path.
 */
export async function registerStatic(app: FastifyInstance, webDist: string, extensionDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: brandsDir,
    prefix: '/brands/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=3600'),
    allowedPath: (pathName) => !pathName.includes('..') && !pathName.endsWith('.json'),
  });

  // The built extension's zip, for the /extension page's download button (whatever its version in the name).
  app.get('/downloads/extension.zip', { schema: { hide: true } }, (_req, reply) => {
    const zip = latestExtensionZip(extensionDist);
    if (!zip) return reply.code(404).send({ errors: ['The extension is not built yet: run npm run build:extension'] });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', 'attachment; filename="linkedin-capture-extension.zip"')
      .header('cache-control', 'no-cache')
      .send(fs.createReadStream(zip));
  });

  const built = fs.existsSync(path.join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, { root: webDist, prefix: '/', cacheControl: false, setHeaders: cacheHeaders });
  }

  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    if (!pathname.startsWith('/api/') && wantsHtml(req)) {
      if (!built) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT_HTML);
      // A path that is no page of the app is a real 404 (with the app's HTML, which shows the 404 screen).
      if (!isWebRoute(pathname)) reply.code(404);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ errors: [`Not found: ${req.method} ${pathname}`] });
  });
}
