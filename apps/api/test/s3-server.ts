import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

const BUCKET = 'parmeta-media';
/** s3rver's own account: it checks request signatures against it. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-compatible server (s3rver, files in a temp folder) with one bucket, and the
 * environment that points the app at it. `stop()` makes it unreachable (the port closes);
 * `start()` brings it back on the same port with what it held.
 */
export async function startS3Server(prefix = 'media/') {
  const directory = mkdtempSync(path.join(tmpdir(), 'parmeta-s3-'));
  const make = (port: number) => new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  let server = make(0);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  return {
    env: {
      MEDIA_S3_BUCKET: BUCKET,
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_PREFIX: prefix,
      MEDIA_S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    /** Every key in the bucket, sorted. */
    async keys(): Promise<string[]> {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (listed.Contents ?? []).map((o) => o.Key!).sort();
    },
    async stop(): Promise<void> {
      await server.close();
    },
    async start(): Promise<void> {
      server = make(port);
      await server.run();
    },
    async dispose(): Promise<void> {
      client.destroy();
      await server.close().catch(() => undefined);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
