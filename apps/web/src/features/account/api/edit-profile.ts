import type { EditProfileFields, Profile } from '@parmeta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { routeOf } from '@/lib/api-routes';
import { useUserName } from '@/lib/call-api';
import { uploadForm } from '@/lib/post-form';
import { userDetailQueryKey } from '@/features/auth';
import { useSessionStore } from '@/lib/session-store';
import { profileQueryKey } from './get-profile';

const ENDPOINT = `/api${routeOf('editProfile').path}`;

type OnProgress = (ratio: number) => void;

/** Saves the profile fields and, when given, a new photo (the server re-encodes it). */
export async function editProfile(userName: string, fields: EditProfileFields, image: File | null, onProgress: OnProgress): Promise<Profile> {
  const form = new FormData();
  form.set('user_id', userName);
  // An empty value clears an optional field; one left out would keep it.
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, typeof value === 'string' ? value : '');
  // The file goes last: the server reads the text fields first and refuses a bad form before storing any image.
  if (image) form.set('img', image);
  return uploadForm<Profile>(ENDPOINT, form, onProgress);
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
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey(userName), profile);
      // The header and the account menu show the new name and photo at once, not at the next refetch.
      useSessionStore.getState().setUser({ fullName: [profile.firstName, profile.lastName].filter(Boolean).join(' ') || profile.userName, avatar: profile.img64 });
      void queryClient.invalidateQueries({ queryKey: userDetailQueryKey(userName) });
    },
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
