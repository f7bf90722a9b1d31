import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** A running S3-compatible server on a free port, with one empty bucket. */
export interface TestS3 {
  /** MEDIA_S3_* settings that point the app at the bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

// s3rver's built-in account.
const ACCESS_KEY = 'S3RVER';

/** Starts s3rver in this process, storing under a temp folder that close() removes. */
export async function startTestS3(bucket = 'red-harbor-media'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'rh-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    env: {
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      MEDIA_S3_REGION: 'us-east-1',
      MEDIA_S3_ACCESS_KEY_ID: ACCESS_KEY,
      MEDIA_S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      MEDIA_S3_FORCE_PATH_STYLE: '1',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
