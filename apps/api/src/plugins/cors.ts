import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { AUTH_HEADER_NAMES } from '@shared/constants';

/** devise_token_auth's headers: sent by the client and answered (rotated) by the server. */
const AUTH_HEADERS = [...AUTH_HEADER_NAMES, 'token-type'];

/**
 * CORS for the extension's popup and background only: the web app is served from this origin and
 * needs none, so any other origin gets no Access-Control-Allow-Origin and the browser keeps the
 * answer from it. The auth headers are exposed so the popup can read the session it signs in to.
 */
export async function registerCors(app: FastifyInstance, allowedOrigins: readonly string[]): Promise<void> {
  const allowed = new Set(allowedOrigins);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['content-type', 'accept', ...AUTH_HEADERS],
    exposedHeaders: AUTH_HEADERS,
    maxAge: 600,
  });
}
