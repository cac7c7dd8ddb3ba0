import { CSRF_HEADER, CSRF_HEADER_VALUE, type Envelope } from '@parmeta/contracts';
import { apiFailure, renewAccessToken } from './call-api';
import { useSessionStore } from './session-store';

/**
 * One multipart POST through XMLHttpRequest, because fetch cannot report upload progress.
 * Like the typed client it never rejects, except when aborted (AbortError): every outcome
 * is an envelope.
 */
function postForm<T>(url: string, form: FormData, onProgress: (ratio: number) => void, signal?: AbortSignal): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader(CSRF_HEADER, CSRF_HEADER_VALUE);
    const token = useSessionStore.getState().token.accessToken.token;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as Envelope<T> | null;
      if (body && typeof body === 'object' && typeof body.status === 'boolean') resolve(body);
      else resolve({ status: false, msg: `Unexpected answer from the server (HTTP ${xhr.status}).`, code: xhr.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST' });
    };
    xhr.onerror = () => resolve({ status: false, msg: 'The server could not be reached. Check your connection and try again.', code: 'NETWORK' });
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * Uploads a multipart form with progress and answers its data. A 15-minute access token may
 * have lapsed on a long form: one renewal through the refresh cookie, then one retry; a
 * refusal is thrown as an ApiFailure.
 */
export async function uploadForm<T>(url: string, form: FormData, onProgress: (ratio: number) => void, signal?: AbortSignal): Promise<T> {
  let result = await postForm<T>(url, form, onProgress, signal);
  if (!result.status && result.code === 'UNAUTHORIZED' && (await renewAccessToken())) result = await postForm<T>(url, form, onProgress, signal);
  if (result.status) return result.data;
  throw apiFailure(result);
}
