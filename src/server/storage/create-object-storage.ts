import path from 'node:path';
import type { AppConfig } from '../config';
import { createDiskStorage } from './disk-storage';
import type { ObjectStorage } from './object-storage';
import { createS3Storage } from './s3-storage';

/** S3 when S3_BUCKET is set, otherwise files in DATA_DIR/objects. */
export function createObjectStorage(config: AppConfig, log?: { error(obj: object, msg: string): void }): ObjectStorage {
  if (!config.s3) return createDiskStorage(path.join(config.dataDir, 'objects'));
  const { bucket, region, endpoint, accessKeyId, secretAccessKey, sessionToken } = config.s3;
  return createS3Storage({
    bucket,
    region,
    endpoint,
    credentials: { accessKeyId, secretAccessKey, sessionToken },
    ...(log ? { log } : {}),
  });
}
