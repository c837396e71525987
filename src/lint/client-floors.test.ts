import { beforeAll, describe, expect, it } from 'vitest';
import { lint, only, warmUp, WARM_UP_MS } from './lint-probe';

const RULE = 'no-restricted-imports';
const importOf = (path: string) => `import { x } from '${path}';\nexport const y = x;\n`;

describe('client floors: lib → api → components → features → app/site', () => {
  beforeAll(warmUp, WARM_UP_MS);

  it.each([
    ['src/client/lib/probe.ts', '../api/keys', 'lib/'],
    ['src/client/lib/probe.ts', '../site/enter-app', 'lib/'],
    ['src/client/api/probe.ts', '../components/ui/button', 'api/'],
    ['src/client/components/ui/probe.tsx', '../../features/editor/editor-page', 'components/'],
    ['src/client/features/billing/probe.tsx', '../../app/app', 'features/'],
  ])('%s may not import %s', async (file, path, floor) => {
    expect(only(RULE, await lint(file, importOf(path))).join('\n')).toMatch(
      new RegExp(`one way, lib → api → components → features → app/site: ${floor} must not import`),
    );
  });

  it('lets each floor import the floors below it, and shared/api is not the client api floor', async () => {
    const cases: [string, string][] = [
      ['src/client/lib/probe.ts', '../../shared/api/signatures'],
      ['src/client/api/probe.ts', '../lib/api-client'],
      ['src/client/components/ui/probe.tsx', '../../api/keys'],
      ['src/client/features/billing/probe.tsx', '../../components/ui/button'],
      ['src/client/app/probe.tsx', '../features/editor/editor-page'],
    ];
    for (const [file, path] of cases) expect(only(RULE, await lint(file, importOf(path)))).toEqual([]);
  });

  it('lets a test drive its floor through the floors above', async () => {
    expect(only(RULE, await lint('src/client/api/probe.test.tsx', importOf('../components/ui/button')))).toEqual([]);
  });
});
