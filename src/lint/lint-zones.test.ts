import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lint, root, warmUp, WARM_UP_MS } from './lint-probe';

describe('lint zones', () => {
  const newFeature = join(root, 'src/client/features/zz-lint-zone-probe');
  beforeAll(async () => {
    mkdirSync(newFeature, { recursive: true });
    await warmUp();
  }, WARM_UP_MS);
  afterAll(() => rmSync(newFeature, { recursive: true, force: true }));

  it('covers a feature folder created after the config was written, without editing it', async () => {
    const messages = await lint(
      'src/client/features/zz-lint-zone-probe/probe.ts',
      "import { x } from '../editor/somewhere';\nexport const y = x;\n",
    );
    expect(messages.join('\n')).toMatch(/A feature never imports another feature/);
  });

  it('keeps an existing feature (invitations) out of the others', async () => {
    const messages = await lint(
      'src/client/features/invitations/probe.ts',
      "import { x } from '../billing/somewhere';\nexport const y = x;\n",
    );
    expect(messages.join('\n')).toMatch(/A feature never imports another feature/);
  });

  it('lets a feature import its own files and shared lib code', async () => {
    const messages = await lint(
      'src/client/features/editor/probe.ts',
      "import { x } from './somewhere';\nimport { z } from '../../lib/somewhere';\nexport const y = [x, z];\n",
    );
    expect(messages.filter((message) => message.includes('no-restricted-imports'))).toEqual([]);
  });

  it('keeps the client away from server code', async () => {
    const messages = await lint(
      'src/client/lib/probe.ts',
      "import { x } from '../../server/app';\nexport const y = x;\n",
    );
    expect(messages.join('\n')).toMatch(/The client must not import server code/);
  });

  it('keeps test support out of production code, server and client alike', async () => {
    const server = await lint(
      'src/server/modules/billing/probe.ts',
      "import { buildTestApp } from '../../../test-support/test-app';\nexport const y = buildTestApp;\n",
    );
    expect(server.join('\n')).toMatch(/Test support \(src\/test-support\) is for tests only/);
    const client = await lint(
      'src/client/features/editor/probe.tsx',
      "import { freePort } from '../../../test-support/free-port';\nexport const y = freePort;\n",
    );
    expect(client.join('\n')).toMatch(/Test support \(src\/test-support\) is for tests only/);
  });

  it('lets tests import test support, and keeps their zone rules', async () => {
    const serverTest = await lint(
      'src/server/modules/billing/probe.test.ts',
      "import { buildTestApp } from '../../../test-support/test-app';\nexport const y = buildTestApp;\n",
    );
    expect(serverTest.filter((message) => message.includes('no-restricted-imports'))).toEqual([]);
    const clientTest = await lint(
      'src/client/features/editor/probe.test.tsx',
      "import { x } from '../billing/somewhere';\nexport const y = x;\n",
    );
    expect(clientTest.join('\n')).toMatch(/A feature never imports another feature/);
  });
});
