import { z } from 'zod';
import { v1 } from '@shared/constants';
import {
  IMPORT_MAX_BYTES,
  filePreviewBodySchema,
  filePreviewResponseSchema,
  generateFieldsBodySchema,
  generateFieldsResponseSchema,
  importJobSchema,
  uploadBodySchema,
  uploadResponseSchema,
  validateUploadBodySchema,
  validateUploadResponseSchema,
} from '@shared/schemas/personas';
import { idParamsSchema } from '../../lib/params';
import { defineRoute } from '../../lib/route';
import * as imports from './service';

const TAGS = ['persons'];
/** A 20 MB file as JSON text (escaped) or base64 fits. */
const FILE_BODY_LIMIT = 64 * 1024 * 1024;
/** Multipart: the file part is read up to the import limit; one byte more marks it too large. */
const FILE_UPLOAD = { maxBytes: IMPORT_MAX_BYTES + 1 };

/** CSV import of prospects (spec §7 persons: validate_upload, file_preview, generate_fields, upload). */
export const importRoutes = [
  defineRoute({
    method: 'POST',
    url: v1('/validate_upload'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Check a CSV file (multipart `file` part, or JSON content / content_base64) before import: type, size (20 MB at most), encoding (UTF-8 or Latin-1) and delimiter (, ; or tab)',
    tags: TAGS,
    bodyLimit: FILE_BODY_LIMIT,
    schema: { body: validateUploadBodySchema, response: { 200: validateUploadResponseSchema } },
    fileUpload: FILE_UPLOAD,
    handler: ({ body, file }) => ({ data: imports.validateUpload(body, file) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/file_preview'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'The headers and first rows of a CSV file',
    tags: TAGS,
    bodyLimit: FILE_BODY_LIMIT,
    schema: { body: filePreviewBodySchema, response: { 200: filePreviewResponseSchema } },
    fileUpload: FILE_UPLOAD,
    handler: ({ body, file }) => ({ data: imports.filePreview(body, file) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/generate_fields'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: "Automatic column → prospect field mapping from header names; the account's last choices for known headers win",
    tags: TAGS,
    schema: { body: generateFieldsBodySchema, response: { 200: generateFieldsResponseSchema } },
    handler: async ({ auth, body, deps }) => ({ data: await imports.generateFields(deps, auth, body.headers) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/upload'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Start importing a CSV file with a column mapping (remembered for the account): 202 with the job id to poll',
    tags: TAGS,
    bodyLimit: FILE_BODY_LIMIT,
    schema: { body: uploadBodySchema, response: { 202: uploadResponseSchema } },
    fileUpload: FILE_UPLOAD,
    handler: async ({ auth, body, deps, file, reply }) => reply.code(202).send({ data: await imports.startUpload(deps, auth, body, file) }),
  }),
  defineRoute({
    method: 'GET',
    url: v1('/import_jobs/:id'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'Progress of an import: status, total, processed, created, merged and the row errors',
    tags: TAGS,
    schema: { params: idParamsSchema, response: { 200: z.object({ data: importJobSchema }) } },
    handler: async ({ auth, deps, params }) => ({ data: await imports.importStatus(deps, auth, params.id) }),
  }),
];
