import { failedWith } from '@/lib/call-api';

export class NotFoundError extends Error {
  override name = 'NotFoundError';
}

/** Reads one record; the API's 404 becomes a NotFoundError the edit pages show as "not found". */
export async function findOne<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (failedWith(error, 'NOT_FOUND')) throw new NotFoundError('Not found');
    throw error;
  }
}
