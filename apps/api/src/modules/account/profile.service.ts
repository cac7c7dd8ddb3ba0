import { editProfileFields, type Profile } from '@parmeta/contracts';
import type { Db } from '../../db/connection.js';
import { badRequest, notFound } from '../../http/errors.js';
import { fieldErrors } from '../../http/validation.js';
import { imageUrl, removeImage, storeImage } from '../media/image-pipeline.js';
import type { MediaStore } from '../media/media-store.js';
import { findProfile, upsertProfile } from './profile.repository.js';

export const AVATAR_FOLDER = 'avatars';
export const AVATAR_SIZES = [256, 64] as const;

export interface UploadedImage {
  bytes: Buffer;
  mimetype: string;
}

export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly media: MediaStore,
  ) {}

  async get(userId: number): Promise<Profile> {
    const row = await findProfile(this.db.kysely, userId);
    if (!row) throw notFound('This account no longer exists.');
    return {
      userName: row.user_name,
      firstName: row.first_name,
      lastName: row.last_name,
      phone: row.phone,
      birthday: row.birthday,
      img: row.avatar_key ? imageUrl(AVATAR_FOLDER, row.avatar_key, 256) : null,
      img64: row.avatar_key ? imageUrl(AVATAR_FOLDER, row.avatar_key, 64) : null,
    };
  }

  /**
   * Validates the fields first (a bad form stores nothing, not even the image), then
   * stores the re-encoded avatar, then the row; the replaced avatar's files go last.
   */
  async edit(userId: number, rawFields: Record<string, unknown>, image: UploadedImage | undefined): Promise<Profile> {
    const parsed = editProfileFields.safeParse(rawFields);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error, 'body');
      const [first] = Object.entries(fields);
      throw badRequest(first ? `${first[0]}: ${first[1]}` : 'Invalid profile', fields);
    }
    const before = await findProfile(this.db.kysely, userId);
    if (!before) throw notFound('This account no longer exists.');
    const stored = image ? await storeImage(image.bytes, image.mimetype, { store: this.media, folder: AVATAR_FOLDER, sizes: AVATAR_SIZES }) : undefined;
    const { firstName, lastName, phone, birthday } = parsed.data;
    try {
      await upsertProfile(this.db.kysely, userId, { first_name: firstName, last_name: lastName, phone, birthday }, stored?.key, Date.now());
    } catch (error) {
      if (stored) await removeImage(this.media, AVATAR_FOLDER, stored.key, AVATAR_SIZES);
      throw error;
    }
    if (stored && before.avatar_key) await removeImage(this.media, AVATAR_FOLDER, before.avatar_key, AVATAR_SIZES);
    return this.get(userId);
  }
}
