import { afterAll, beforeAll } from 'vitest';
import {
  S3_TEST_BUCKET,
  S3_TEST_CREDENTIALS,
  startS3Relay,
  startS3TestServer,
  type S3Relay,
  type S3TestServer,
} from './s3-test-server';

/** The S3 suites' server: s3rver on loopback, and the relay in front of it that records and can cut requests. */
export type S3Stand = { s3: S3TestServer; relay: S3Relay };

/** Starts the suite's S3 server and relay before its tests and stops them after every other afterAll. */
export function useS3Stand(): S3Stand {
  // Filled by beforeAll; nothing reads it before the suite's tests run.
  const stand = {} as S3Stand;
  beforeAll(async () => {
    stand.s3 = await startS3TestServer();
    stand.relay = await startS3Relay(stand.s3.endpoint);
  });
  afterAll(async () => {
    await stand.relay?.close();
    await stand.s3?.close();
  });
  return stand;
}

/** The app's S3 settings for the test bucket behind `endpoint`. */
export function s3Env(endpoint: string): Record<string, string> {
  return {
    S3_BUCKET: S3_TEST_BUCKET,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
  };
}
