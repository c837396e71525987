import type { Infrastructure } from '../../module';

/** What readiness asks: the database, Redis (when used), the object storage, and whether the jobs runner has started. */
export type ReadinessServices = Pick<Infrastructure, 'database' | 'rateLimiter' | 'storage'> & {
  jobs: Pick<Infrastructure['jobs'], 'state'>;
};

export type CheckResult = 'ok' | 'not used' | 'down';
export type Readiness = {
  ready: boolean;
  checks: { database: CheckResult; redis: CheckResult; storage: CheckResult; jobs: CheckResult };
  /** What is down, in words ("The database is not answering."), or '' when ready. */
  message: string;
};

const CHECK_TIMEOUT_MS = 3000;

async function answers(probe: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS)));
  try {
    return await Promise.race([
      probe().then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const WORDS: Record<keyof Readiness['checks'], string> = {
  database: 'the database',
  redis: 'Redis',
  storage: 'the image storage',
  jobs: 'the jobs runner',
};

/** Asks each outside service at once, each for at most 3 s. */
export async function checkReadiness(services: ReadinessServices): Promise<Readiness> {
  const usesRedis = services.rateLimiter.kind === 'redis';
  const [database, redis, storage] = await Promise.all([
    answers(() => services.database.ping()),
    usesRedis ? answers(() => services.rateLimiter.ping()) : Promise.resolve(null),
    answers(() => services.storage.check()),
  ]);
  const checks: Readiness['checks'] = {
    database: database ? 'ok' : 'down',
    redis: redis === null ? 'not used' : redis ? 'ok' : 'down',
    storage: storage ? 'ok' : 'down',
    // Its tables are installed after the server starts answering (decision 0193): ready once they are.
    jobs: services.jobs.state() === 'started' ? 'ok' : 'down',
  };
  const down = (Object.keys(checks) as Array<keyof Readiness['checks']>)
    .filter((name) => checks[name] === 'down')
    .map((name) => WORDS[name]);
  if (down.length === 0) return { ready: true, checks, message: '' };
  const list = down.length === 1 ? down[0]! : `${down.slice(0, -1).join(', ')} and ${down.at(-1)}`;
  const message = `Not ready: ${list} ${down.length === 1 ? 'is' : 'are'} not answering.`;
  return { ready: false, checks, message };
}
