import { describe, expect, it } from 'vitest';
import { checkReadiness, type ReadinessServices } from './readiness';

/** Readiness over stand-ins that answer as told: only what it asks is given. */
function services(jobs: 'not started' | 'starting' | 'started' | 'failed'): ReadinessServices {
  return {
    database: { ping: async () => undefined } as unknown as ReadinessServices['database'],
    rateLimiter: { kind: 'memory', ping: async () => undefined } as unknown as ReadinessServices['rateLimiter'],
    storage: { check: async () => undefined } as unknown as ReadinessServices['storage'],
    jobs: { state: () => jobs },
  };
}

describe('readiness and the jobs runner', () => {
  it('is not ready while the jobs runner installs its tables, nor when it failed to', async () => {
    for (const state of ['not started', 'starting', 'failed'] as const) {
      const readiness = await checkReadiness(services(state));
      expect(readiness.ready).toBe(false);
      expect(readiness.checks.jobs).toBe('down');
      expect(readiness.message).toBe('Not ready: the jobs runner is not answering.');
    }
  });

  it('is ready once it has started', async () => {
    const readiness = await checkReadiness(services('started'));
    expect(readiness).toEqual({
      ready: true,
      checks: { database: 'ok', redis: 'not used', storage: 'ok', jobs: 'ok' },
      message: '',
    });
  });
});
