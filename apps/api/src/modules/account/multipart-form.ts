import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors.js';

export interface ParsedForm {
  fields: Record<string, unknown>;
  file?: { field: string; bytes: Buffer; mimetype: string };
}

/**
 * Multipart parsing for the routes of one module (profile, admin uploads). Registered per
 * module rather than app-wide: the plugin adds an async hook to every request it covers.
 */
export async function acceptMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 20, parts: 25 } });
}

/**
 * Reads a form body: multipart/form-data (with at most one file, size-limited by the
 * multipart plugin) or an already-parsed urlencoded/JSON body.
 */
export async function readForm(req: FastifyRequest, fileField: string, maxBytes: number): Promise<ParsedForm> {
  if (!req.isMultipart()) return { fields: (req.body ?? {}) as Record<string, unknown> };
  const fields: Record<string, unknown> = {};
  let file: ParsedForm['file'];
  for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== fileField) throw badRequest(`${part.fieldname}: unexpected file`, { [part.fieldname]: 'unexpected file' });
      const bytes = await part.toBuffer().catch(() => {
        throw badRequest(`${fileField}: must be at most ${Math.round(maxBytes / 1024 / 1024)} MB`, { [fileField]: `must be at most ${Math.round(maxBytes / 1024 / 1024)} MB` });
      });
      if (bytes.length > 0) file = { field: part.fieldname, bytes, mimetype: part.mimetype };
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, ...(file ? { file } : {}) };
}
