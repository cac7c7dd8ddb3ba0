import { apiRoutes, CSRF_HEADER, CSRF_HEADER_VALUE, type EditProfileFields, type Envelope, type Profile } from '@parmeta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSessionStore } from '@/lib/session-store';
import { apiFailure, renewAccessToken, useUserName } from './call-api';
import { profileQueryKey } from './get-profile';

const ENDPOINT = `/api${apiRoutes.editProfile.path}`;

type OnProgress = (ratio: number) => void;

/**
 * One multipart POST through XMLHttpRequest, because fetch cannot report upload progress.
 * Like the typed client it never rejects: every outcome is an envelope.
 */
function post(form: FormData, onProgress: OnProgress): Promise<Envelope<Profile>> {
  return new Promise((resolve) => {
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
      const body = xhr.response as Envelope<Profile> | null;
      if (body && typeof body === 'object' && typeof body.status === 'boolean') resolve(body);
      else resolve({ status: false, msg: `Unexpected answer from the server (HTTP ${xhr.status}).`, code: xhr.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST' });
    };
    xhr.onerror = () => resolve({ status: false, msg: 'The server could not be reached. Check your connection and try again.', code: 'NETWORK' });
    xhr.send(form);
  });
}

/** Saves the profile fields and, when given, a new photo (the server re-encodes it). */
export async function editProfile(userName: string, fields: EditProfileFields, image: File | null, onProgress: OnProgress): Promise<Profile> {
  const form = new FormData();
  form.set('user_id', userName);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  // The file goes last: the server reads the text fields first and refuses a bad form before storing any image.
  if (image) form.set('img', image);
  let result = await post(form, onProgress);
  if (!result.status && result.code === 'UNAUTHORIZED' && (await renewAccessToken())) result = await post(form, onProgress);
  if (result.status) return result.data;
  throw apiFailure(result);
}

export interface EditProfileInput {
  fields: EditProfileFields;
  image: File | null;
}

/** The save with its upload progress: a ratio from 0 to 1 while a photo is on its way, else null. */
export function useEditProfile() {
  const userName = useUserName();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: ({ fields, image }: EditProfileInput) => {
      setProgress(image ? 0 : null);
      return editProfile(userName, fields, image, image ? setProgress : () => {});
    },
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey(userName), profile),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
