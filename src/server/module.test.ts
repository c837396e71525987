import Fastify from 'fastify';
import { expect, it } from 'vitest';
import type { JobRunner } from './jobs/job-runner';
import { registerModuleRoutes, startAndStopJobs, type ServerModule } from './module';

/** A runner that only records when it is started and stopped (the real one is tested in jobs/). */
function recordingRunner(events: string[]): Pick<JobRunner, 'start' | 'stop'> {
  return {
    start: async () => void events.push('runner start'),
    stop: async () => {
      events.push('runner stopping');
      await new Promise((resolve) => setTimeout(resolve, 20));
      events.push('runner stopped');
    },
  };
}

it("starts every module's jobs after the runner once routes are ready, and stops them with it before afterStop", async () => {
  const events: string[] = [];
  const app = Fastify({ logger: false });
  const modules: ServerModule[] = [
    {
      services: {},
      routes: async (scope) => {
        scope.get('/first', async () => ({ jobsStarted: events.includes('first start') }));
      },
      jobs: { start: async () => void events.push('first start') },
    },
    { services: {} },
    {
      services: {},
      jobs: {
        start: async () => void events.push('second start'),
        stop: async () => void events.push('second stop'),
      },
    },
  ];
  startAndStopJobs(app, recordingRunner(events) as JobRunner, modules, async () => void events.push('after stop'));
  await registerModuleRoutes(app, modules);

  expect(events).toEqual([]);
  await app.ready();
  expect(events).toEqual(['runner start', 'first start', 'second start']);
  expect((await app.inject({ method: 'GET', url: '/first' })).json()).toEqual({ jobsStarted: true });

  await app.close();
  // The modules' stops run while the runner is stopping, not after it; afterStop waits for both.
  expect(events.slice(3)).toEqual(['runner stopping', 'second stop', 'runner stopped', 'after stop']);
});
