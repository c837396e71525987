import { beforeAll, describe, expect, it } from 'vitest';
import { lint, only, warmUp, WARM_UP_MS } from './lint-probe';

const DB = '@typescript-eslint/no-restricted-imports';
const REACH = 'no-restricted-imports';

describe('server boundaries', () => {
  beforeAll(warmUp, WARM_UP_MS);

  it('keeps drizzle-orm and the tables out of a service', async () => {
    const messages = await lint(
      'src/server/modules/billing/probe.service.ts',
      "import { eq } from 'drizzle-orm';\nimport { user } from '../../db/schema/auth.schema';\nexport const y = [eq, user];\n",
    );
    expect(only(DB, messages).join('\n')).toMatch(/drizzle-orm.*call a repository/);
    expect(only(DB, messages).join('\n')).toMatch(/db\/schema.*call a repository/);
  });

  it('keeps them out of code outside modules/ too', async () => {
    const messages = await lint(
      'src/server/mail/probe.ts',
      "import { sql } from 'drizzle-orm';\nexport const y = sql;\n",
    );
    expect(only(DB, messages)).toHaveLength(1);
  });

  it('lets a repository, db/ and the named auth adapter reach the database', async () => {
    const code =
      "import { eq } from 'drizzle-orm';\nimport { user } from '../../db/schema/auth.schema';\nexport const y = [eq, user];\n";
    expect(only(DB, await lint('src/server/modules/billing/probe.repository.ts', code))).toEqual([]);
    expect(only(DB, await lint('src/server/modules/auth/auth.ts', code))).toEqual([]);
    expect(
      only(DB, await lint('src/server/db/probe.ts', "import { sql } from 'drizzle-orm';\nexport const y = sql;\n")),
    ).toEqual([]);
  });

  it('reaches another module only through its service, never its repository or helpers', async () => {
    const repository = await lint(
      'src/server/modules/teams/probe.ts',
      "import { createBillingRepository } from '../billing/billing.repository';\nexport const y = createBillingRepository;\n",
    );
    expect(only(REACH, repository).join('\n')).toMatch(/only through that module's \*\.service\.ts/);
    const service = await lint(
      'src/server/modules/teams/probe.ts',
      "import type { Billing } from '../billing/billing.service';\nimport { noStore } from '../../http';\nimport { x } from './teams.repository';\nexport type Y = [Billing, typeof noStore, typeof x];\n",
    );
    expect(only(REACH, service)).toEqual([]);
  });

  it("lets a module's tests set up another module's rows", async () => {
    const messages = await lint(
      'src/server/modules/teams/probe.test.ts',
      "import { eq } from 'drizzle-orm';\nimport { createBillingRepository } from '../billing/billing.repository';\nexport const y = [eq, createBillingRepository];\n",
    );
    expect([...only(DB, messages), ...only(REACH, messages)]).toEqual([]);
  });
});
