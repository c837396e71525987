// A process that runs one jobs runner on the PostgreSQL database of argv[2] and never finishes its
// jobs: each job records that it started (table job_test_starts) and then waits forever. The test
// SIGKILLs it mid-job (job-runner.test.ts).
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { createJobRunner } from '../server/jobs/job-runner';

const url = process.argv[2];
if (!url) throw new Error('usage: job-runner-child.ts <postgres url>');
const database = await openDatabase({ url });
const client = new pg.Client({ connectionString: url });
await client.connect();
const runner = createJobRunner(database, { pollIntervalMs: 100, maintenanceIntervalSeconds: 1 });
runner.defineQueue<{ n: number }>(
  'stuck',
  { concurrency: 2, expireInSeconds: 2, retryLimit: 3, retryDelaySeconds: 0, retryBackoff: false },
  async (data, job) => {
    await client.query('insert into job_test_starts (n, worker) values ($1, $2)', [data.n, `child:${job.id}`]);
    await new Promise(() => undefined);
  },
);
await runner.start();
process.stdout.write('ready\n');
