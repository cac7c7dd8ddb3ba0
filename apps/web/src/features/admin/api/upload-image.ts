import { CSRF_HEADER, CSRF_HEADER_VALUE, type Envelope, type Fail } from '@parmeta/contracts';
import { refreshSession } from '@/features/auth';
import type { ApiFailure } from '@/features/shop';
import { useSessionStore } from '@/lib/session-store';

// Written here rather than built from the route table: the typed client sends JSON or
// forms through fetch, which cannot report upload progress.
const ENDPOINT = '/api/admin/images';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface UploadedImage {
  url: string;
  thumbnail: string;
}

/** A refusal in the shape the rest of the app reads (see failureMessage in the shop feature). */
const failure = (fail: Fail): ApiFailure => Object.assign(new Error(fail.msg), { name: 'ApiFailure' as const, code: fail.code, fields: fail.fields ?? {} });

/** What is wrong with a file before it is sent, in plain words; null when it may go. */
export function imageFileProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return `“${file.name}” is not a JPEG, PNG, WebP or GIF image.`;
  if (file.size > MAX_IMAGE_BYTES) return `“${file.name}” is larger than 5 MB.`;
  return null;
}

function post(file: File, onProgress: (ratio: number) => void, signal?: AbortSignal): Promise<Envelope<UploadedImage>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', ENDPOINT);
    xhr.setRequestHeader(CSRF_HEADER, CSRF_HEADER_VALUE);
    const token = useSessionStore.getState().token.accessToken.token;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as Envelope<UploadedImage> | null;
      if (body && typeof body === 'object' && typeof body.status === 'boolean') resolve(body);
      else resolve({ status: false, msg: `Unexpected answer from the server (HTTP ${xhr.status}).`, code: xhr.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST' });
    };
    xhr.onerror = () => resolve({ status: false, msg: 'The server could not be reached. Check your connection and try again.', code: 'NETWORK' });
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.set('img', file);
    xhr.send(form);
  });
}

/**
 * Uploads one product or NFT image (multipart, field "img"); the server checks it,
 * re-encodes it and answers its URL. A 15-minute access token may have lapsed on a long
 * form: one renewal through the refresh cookie, then one retry.
 */
export async function uploadImage(file: File, onProgress: (ratio: number) => void, signal?: AbortSignal): Promise<UploadedImage> {
  let result = await post(file, onProgress, signal);
  if (!result.status && result.code === 'UNAUTHORIZED') {
    const tokens = await refreshSession();
    if (tokens) {
      useSessionStore.getState().setTokens(tokens);
      result = await post(file, onProgress, signal);
    }
  }
  if (result.status) return result.data;
  throw failure(result);
}
