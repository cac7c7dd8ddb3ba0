import { routeOf } from '@/lib/api-routes';
import { uploadForm } from '@/lib/post-form';

// Sent by uploadForm rather than the typed client: the client sends through fetch, which
// cannot report upload progress.
const ENDPOINT = `/api${routeOf('adminUploadImage').path}`;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface UploadedImage {
  url: string;
  thumbnail: string;
}

/** What is wrong with a file before it is sent, in plain words; null when it may go. */
export function imageFileProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return `“${file.name}” is not a JPEG, PNG, WebP or GIF image.`;
  if (file.size > MAX_IMAGE_BYTES) return `“${file.name}” is larger than 5 MB.`;
  return null;
}

/**
 * Uploads one product or NFT image (multipart, field "img"); the server checks it,
 * re-encodes it and answers its URL. A 15-minute access token may have lapsed on a long
 * form: one renewal through the refresh cookie, then one retry.
 */
export async function uploadImage(file: File, onProgress: (ratio: number) => void, signal?: AbortSignal): Promise<UploadedImage> {
  const form = new FormData();
  form.set('img', file);
  return uploadForm<UploadedImage>(ENDPOINT, form, onProgress, signal);
}
