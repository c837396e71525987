/**
 * Resolving the signature rules for 10,000 people on PostgreSQL (budget: ≤ 200 ms;
 * docs/decisions/0220-signature-rules.md): the directory read, the organization's signatures and
 * rules read, and each person placed by the one pure function, as the rules page and a push do.
 * Run: TEST_DATABASE_URL=postgres://… node --import tsx bench/signature-rules.bench.ts
 * (PEOPLE=… and RULES=… change the 10,000 and 50). `BEFORE=<commit>` runs that commit's read and
 * resolve beside this tree's, taking turns on the same data in the same run. Beside them, as an
 * anchor for the machine's load: the same rows read by a plain SQL query (the floor of any read).
 * Without TEST_DATABASE_URL it says so and stops. Prints figures only; it never fails, since machines differ.
 */
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';
import { organization } from '../src/server/db/schema/auth.schema';
import { organizationSignature, signatureRuleSet } from '../src/server/db/schema/signature-rules.schema';
import { workspacePeople } from '../src/server/db/schema/workspace.schema';
import { DEFAULT_ORG_TEMPLATE } from '../src/shared/api/workspace';
import type { SignatureRule } from '../src/shared/signature/signature-rules';
import { createTestDatabase, NO_POSTGRES } from '../src/test-support/test-app';
import { baseTree } from './support/base-build';

const PEOPLE = Number(process.env.PEOPLE ?? 10_000);
const RULES = Number(process.env.RULES ?? 50);
const RUNS = 15;
const BEFORE = process.env.BEFORE;

type Contender = {
  readPeople: (db: Db) => (orgId: string) => Promise<readonly { email: string }[]>;
  resolver: (db: Db) => (orgId: string) => Promise<(person: never) => { match: { ruleId: string | null } }>;
};

/** The read and the resolver of a checkout: this one, or the one `BEFORE` names. */
async function contender(dir: string): Promise<Contender> {
  const load = (file: string) => import(pathToFileURL(path.join(dir, file)).href);
  const [people, service] = await Promise.all([
    load('src/server/modules/signature-rules/rule-people.repository.ts'),
    load('src/server/modules/signature-rules/signature-rules.service.ts'),
  ]);
  return {
    readPeople: (db) => people.createRulePeopleRepository(db).listDirectoryPeople,
    resolver: (db) => service.createSignatureResolver(db),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  if (NO_POSTGRES) {
    console.log(`signature rules: skipped (${NO_POSTGRES})`);
    return;
  }
  const contenders: [string, Contender][] = [['this tree', await contender(process.cwd())]];
  if (BEFORE) {
    const base = baseTree(BEFORE);
    contenders.unshift([`before (${base.commit.slice(0, 12)})`, await contender(base.dir)]);
  }
  const database = await createTestDatabase('postgres');
  const { db } = database;
  try {
    const orgId = 'bench-rules-org';
    await db.insert(organization).values({ id: orgId, name: 'Bench', slug: 'bench-rules' });
    const signatures = await db
      .insert(organizationSignature)
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          organizationId: orgId,
          name: `Signature ${i}`,
          template: DEFAULT_ORG_TEMPLATE,
          editableFields: ['mobile'],
          requirements: {},
        })),
      )
      .returning({ id: organizationSignature.id });
    // Units, departments and hand-picked lists in turn; the last rules match nobody, so most people pass every rule.
    const rules: SignatureRule[] = Array.from({ length: RULES }, (_, i) => ({
      id: `r${i}`,
      name: `Rule ${i}`,
      kind: (['orgUnit', 'department', 'people'] as const)[i % 3]!,
      values: i % 3 === 0 ? [`/Unit${i}`] : i % 3 === 1 ? [`Dept${i}`] : [`p${i}@bench.test`, `p${i + 1}@bench.test`],
      signatureId: signatures[i % signatures.length]!.id,
    }));
    await db.insert(signatureRuleSet).values({ organizationId: orgId, rules, defaultSignatureId: signatures[0]!.id });
    for (let from = 0; from < PEOPLE; from += 1000) {
      await db.insert(workspacePeople).values(
        Array.from({ length: Math.min(1000, PEOPLE - from) }, (_, k) => {
          const n = from + k;
          return {
            organizationId: orgId,
            email: `p${n}@bench.test`,
            fullName: `Person ${n}`,
            department: `Dept${n % 97}`,
            orgUnitPath: `/Unit${n % 89}/Team${n % 7}`,
            groups: [`g${n % 13}@bench.test`],
          };
        }),
      );
    }
    // As a live database would have them: the planner's statistics for the table just filled.
    await db.execute(sql`analyze workspace_people`);

    const p = workspacePeople;
    const rawRead = () =>
      db.execute(sql`select ${p.id}, ${p.email}, ${p.fullName}, ${p.orgUnitPath}, ${p.department}, ${p.groups},
        ${p.pushStatus} from ${p} where ${p.organizationId} = ${orgId} and ${p.goneAt} is null order by ${p.email}`);
    const runs = contenders.map(([name, c]) => ({
      name,
      read: c.readPeople(db),
      resolver: c.resolver(db),
      total: [] as number[],
      reads: [] as number[],
      matched: 0,
    }));
    const anchor: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // Taking turns, starting with a different one each run, so that neither always runs warmer.
      const order = run % 2 ? [...runs].reverse() : runs;
      for (const r of order) {
        const started = performance.now();
        const [list, resolve] = await Promise.all([r.read(orgId), r.resolver(orgId)]);
        r.reads.push(performance.now() - started);
        r.matched = list.filter((person) => resolve(person as never).match.ruleId !== null).length;
        r.total.push(performance.now() - started);
      }
      const started = performance.now();
      await rawRead();
      anchor.push(performance.now() - started);
    }
    const load = os.loadavg().map((l) => l.toFixed(1));
    console.log(
      `signature rules: ${PEOPLE.toLocaleString('en-US')} people through ${RULES} rules on PostgreSQL, read + resolve, median (worst) of ${RUNS} runs taking turns (budget ≤ 200 ms):`,
    );
    for (const r of runs)
      console.log(
        `  ${r.name}: ${median(r.total).toFixed(1)} ms (${Math.max(...r.total).toFixed(1)} ms); the read alone ${median(r.reads).toFixed(1)} ms; ${r.matched.toLocaleString('en-US')} matched a rule`,
      );
    console.log(
      `  anchor, the same rows by a plain SQL query: ${median(anchor).toFixed(1)} ms; load average ${load.join(' / ')} on ${os.cpus().length} CPUs`,
    );
  } finally {
    await database.close();
  }
}

await main();
