import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unprocessable } from './http-error';

/**
 * The file of a multipart request, read into memory up to the route's limit: a bigger file arrives cut
 * at that limit, so a route whose limit is one byte above what it accepts sees it as too large.
 */
export type UploadedFile = { name: string; bytes: Buffer };

const files = new WeakMap<FastifyRequest, UploadedFile>();

/** The request's uploaded file (multipart/form-data), or null for a JSON body. */
export const uploadedFileOf = (req: FastifyRequest): UploadedFile | null => files.get(req) ?? null;

/** A form field's text as the JSON body would carry it: numbers, null, booleans, objects and arrays parsed; other text kept. */
function fieldValue(text: string): unknown {
  if (!/^\s*(?:null|true|false|-?\d|[{["])/.test(text)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

type Part = MultipartFile | MultipartValue;

/**
 * Lets a scope's routes take multipart/form-data as well as JSON (a browser's file upload, streamed to
 * the server as raw bytes instead of base64 in JSON): one file part, read while it arrives and kept
 * up to `maxBytes` (a bigger file is cut there, never buffered whole), and
 * fields turned into the JSON body the route's schema validates. The file's name becomes `file_name`.
 */
export async function acceptFileUploads(scope: FastifyInstance, maxBytes: number): Promise<void> {
  await scope.register(multipart, {
    attachFieldsToBody: true,
    throwFileSizeLimit: false,
    limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 1024 * 1024, parts: 21, headerPairs: 100 },
    onFile: async (part) => {
      (part as MultipartFile & { value: unknown }).value = await part.toBuffer();
    },
  });
  // The form parser (busboy) throws plain errors on a malformed body ("Unexpected end of multipart data",
  // "Malformed part header"): those are the client's mistake, a 422, not a 500. Anything else goes on
  // to the app's error handler (a child handler's throw reaches the parent's).
  scope.setErrorHandler((error: Error, req) => {
    const plain = !(error as { statusCode?: number }).statusCode && !(error as { code?: string }).code;
    if (plain && req.isMultipart() && /multipart|part header|boundary|end of form/i.test(error.message)) {
      throw unprocessable('The upload is not a valid multipart/form-data body.');
    }
    throw error;
  });
  scope.addHook('preValidation', async (req) => {
    if (!req.isMultipart()) return;
    const body: Record<string, unknown> = {};
    for (const [name, entry] of Object.entries((req.body ?? {}) as Record<string, Part | Part[]>)) {
      if (Array.isArray(entry)) throw unprocessable(`Send the form field "${name}" once.`);
      if (entry.type === 'file') {
        files.set(req, { name: entry.filename, bytes: entry.value as Buffer });
        body.file_name ??= entry.filename;
      } else {
        body[name] = fieldValue(String(entry.value ?? ''));
      }
    }
    req.body = body;
  });
}
