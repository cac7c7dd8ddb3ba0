import type { Profile } from '@parmeta/contracts';
import type { Db } from '../../db/connection.js';
import { lockUser } from '../../db/locks.js';
import { accountGone, badRequest } from '../../http/errors.js';
import { fieldErrors } from '../../http/validation.js';
import { imageUrl, removeImage, storeImage } from '../media/image-pipeline.js';
import type { MediaStore } from '../media/media-store.js';
import { findProfile, setFullName, upsertProfile } from './profile.repository.js';

export const AVATAR_FOLDER = 'avatars';
export const AVATAR_SIZES = [256, 64] as const;

export interface UploadedImage {
  bytes: Buffer;
  mimetype: string;
}

/**
 * The full name given at sign-up, split for a profile that has no name of its own yet: the
 * last word is the last name, the rest the first ("Ada King Lovelace" -> "Ada King", "Lovelace").
 * A single word is a first name alone.
 */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' ').slice(0, 64), lastName: (words.at(-1) ?? '').slice(0, 64) };
}

const joinName = (first: string, last: string) => [first, last].filter(Boolean).join(' ').slice(0, 100);

export const avatarUrl = (key: string | null | undefined, size: (typeof AVATAR_SIZES)[number]) => (key ? imageUrl(AVATAR_FOLDER, key, size) : null);

export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly media: MediaStore,
  ) {}

  async get(userId: number): Promise<Profile> {
    const row = await findProfile(this.db.kysely, userId);
    if (!row) throw accountGone();
    const named = row.first_name !== null ? { firstName: row.first_name, lastName: row.last_name ?? '' } : splitFullName(row.full_name);
    return {
      userName: row.user_name,
      ...named,
      phone: row.phone,
      birthday: row.birthday,
      img: avatarUrl(row.avatar_key, 256),
      img64: avatarUrl(row.avatar_key, 64),
    };
  }

  /**
   * A field left out keeps its value (a photo can be sent alone); an empty optional field is
   * cleared. Validates first (a bad form stores nothing, not even the image), then stores the
   * re-encoded avatar, then the row and the account's display name in one transaction; the
   * replaced avatar's files go last.
   */
  async edit(userId: number, rawFields: Record<string, unknown>, image: UploadedImage | undefined): Promise<Profile> {
    // The contracts' schemas load when first needed (docs/decisions/0087).
    const { editProfileFields } = await import('@parmeta/contracts/account/profile.schemas');
    const parsed = editProfileFields.safeParse(rawFields);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error, 'body');
      const [first] = Object.entries(fields);
      throw badRequest(first ? `${first[0]}: ${first[1]}` : 'Invalid profile', fields);
    }
    const current = await this.get(userId);
    const before = await findProfile(this.db.kysely, userId);
    const stored = image ? await storeImage(image.bytes, image.mimetype, { store: this.media, folder: AVATAR_FOLDER, sizes: AVATAR_SIZES }) : undefined;
    const { firstName = current.firstName ?? '', lastName = current.lastName ?? '', phone, birthday } = parsed.data;
    const values = {
      first_name: firstName,
      last_name: lastName,
      phone: phone === undefined ? current.phone : phone,
      birthday: birthday === undefined ? current.birthday : birthday,
    };
    const now = Date.now();
    try {
      await this.db.kysely.transaction().execute(async (trx) => {
        // A closing that committed since the check above erased the profile: nothing is written back.
        await lockUser(trx, this.db.dialect, userId);
        await upsertProfile(trx, userId, values, stored?.key, now);
        const fullName = joinName(firstName, lastName);
        if (fullName) await setFullName(trx, userId, fullName, now);
      });
    } catch (error) {
      if (stored) await removeImage(this.media, AVATAR_FOLDER, stored.key, AVATAR_SIZES);
      throw error;
    }
    if (stored && before?.avatar_key) await removeImage(this.media, AVATAR_FOLDER, before.avatar_key, AVATAR_SIZES);
    return this.get(userId);
  }
}
