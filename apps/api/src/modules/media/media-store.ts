import type * as S3 from '@aws-sdk/client-s3';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.js';

/** Uploaded media get server-made names that are never reused, so they are cached for good. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const MEDIA_TYPE = 'image/webp';

/**
 * Where uploaded images live (docs/decisions/0048). Keys are paths below /media/, such as
 * `avatars/<key>-256.webp`. The local folder is the embedded default; S3-compatible object
 * storage is what several instances share, so an image uploaded through one is served by all.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer): Promise<void>;
  /** Removes the files; a file that is not there is not an error. */
  remove(keys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export class LocalMediaStore implements MediaStore {
  readonly kind = 'local';
  constructor(readonly dir: string) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = path.join(this.dir, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(path.join(this.dir, key), { force: true })));
  }

  async close(): Promise<void> {}
}

export interface S3Settings {
  bucket: string;
  /** Put before every key, e.g. `media/` to share a bucket with other things. */
  prefix: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, R2, ...); unset: AWS. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, shared files, instance roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export interface StoredObject {
  body: Readable;
  length: number | undefined;
  etag: string | undefined;
  lastModified: Date | undefined;
}

/**
 * The AWS SDK is loaded the first time media is stored or served, and only with S3 set: it is
 * a large package (kept out of the server bundle) that the embedded default never needs.
 */
let sdk: Promise<typeof S3> | undefined;
const loadSdk = () => (sdk ??= import('@aws-sdk/client-s3'));

/** Object storage through the AWS SDK's S3 client; the API serves the objects at /media/ (media.routes.ts). */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3';
  private client: Promise<S3.S3Client> | undefined;

  constructor(private readonly settings: S3Settings) {}

  private s3(): Promise<S3.S3Client> {
    this.client ??= loadSdk().then(
      ({ S3Client }) =>
        new S3Client({
          region: this.settings.region,
          ...(this.settings.endpoint ? { endpoint: this.settings.endpoint } : {}),
          forcePathStyle: this.settings.forcePathStyle,
          ...(this.settings.credentials ? { credentials: this.settings.credentials } : {}),
          // Checksums only where S3 requires them: several S3-compatible servers refuse the newer
          // default ones, and S3 checks an upload's length and MD5 anyway.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }),
    );
    return this.client;
  }

  private objectKey(key: string): string {
    return `${this.settings.prefix}${key}`;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const [{ PutObjectCommand }, client] = await Promise.all([loadSdk(), this.s3()]);
    await client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key), Body: bytes, ContentType: MEDIA_TYPE, CacheControl: MEDIA_CACHE_CONTROL }));
  }

  async remove(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const [{ DeleteObjectsCommand }, client] = await Promise.all([loadSdk(), this.s3()]);
    const result = await client.send(new DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: keys.map((key) => ({ Key: this.objectKey(key) })), Quiet: true } }));
    const failed = (result.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
    if (failed.length > 0) throw new Error(`could not delete ${failed.map((e) => `${e.Key}: ${e.Code}`).join(', ')}`);
  }

  /** The object, or null when there is none; 'not-modified' when `ifNoneMatch` still matches. */
  async get(key: string, ifNoneMatch: string | undefined): Promise<StoredObject | 'not-modified' | null> {
    const [{ GetObjectCommand }, client] = await Promise.all([loadSdk(), this.s3()]);
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key), ...(ifNoneMatch ? { IfNoneMatch: ifNoneMatch } : {}) }));
      return { body: object.Body as Readable, length: object.ContentLength, etag: object.ETag, lastModified: object.LastModified };
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 304) return 'not-modified';
      if (status === 404) return null;
      throw error;
    }
  }

  async close(): Promise<void> {
    (await this.client)?.destroy();
  }
}

export function mediaStoreFor(config: Config): MediaStore {
  return config.mediaS3 ? new S3MediaStore(config.mediaS3) : new LocalMediaStore(config.mediaDir);
}
