/**
 * Resolving the signature rules for 10,000 people on PostgreSQL (budget: ≤ 200 ms;
 * docs/decisions/0220-signature-rules.md): the directory read, the organization's signatures and
 * rules read, and each person placed by the one pure function, as the rules page and a push do.
 * Run: TEST_DATABASE_URL=postgres://… node --import tsx bench/signature-rules.bench.ts
 * (PEOPLE=… and RULES=… change the 10,000 and 50). Without TEST_DATABASE_URL it says so and stops.
 * Prints figures only; it never fails, since machines differ.
 */
import { performance } from 'node:perf_hooks';
import { organization } from '../src/server/db/schema/auth.schema';
import { organizationSignature, signatureRuleSet } from '../src/server/db/schema/signature-rules.schema';
import { workspacePeople } from '../src/server/db/schema/workspace.schema';
import { createRulePeopleRepository } from '../src/server/modules/signature-rules/rule-people.repository';
import { createSignatureResolver } from '../src/server/modules/signature-rules/signature-rules.service';
import { DEFAULT_ORG_TEMPLATE } from '../src/shared/api/workspace';
import type { SignatureRule } from '../src/shared/signature/signature-rules';
import { createTestDatabase, NO_POSTGRES } from '../src/test-support/test-app';

const PEOPLE = Number(process.env.PEOPLE ?? 10_000);
const RULES = Number(process.env.RULES ?? 50);
const RUNS = 10;

async function main() {
  if (NO_POSTGRES) {
    console.log(`signature rules: skipped (${NO_POSTGRES})`);
    return;
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
    const people = createRulePeopleRepository(db);
    const signaturesOf = createSignatureResolver(db);
    const times: number[] = [];
    const reads: number[] = [];
    let matched = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const [list, resolve] = await Promise.all([people.listDirectoryPeople(orgId), signaturesOf(orgId)]);
      reads.push(performance.now() - started);
      matched = list.filter((p) => resolve(p).match.ruleId !== null).length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(RUNS / 2)]!;
    reads.sort((a, b) => a - b);
    console.log(
      `signature rules: ${PEOPLE.toLocaleString('en-US')} people through ${RULES} rules on PostgreSQL (read + resolve): median ${median.toFixed(1)} ms, worst ${times[RUNS - 1]!.toFixed(1)} ms over ${RUNS} runs (budget ≤ 200 ms; the database read alone: median ${reads[Math.floor(RUNS / 2)]!.toFixed(1)} ms); ${matched.toLocaleString('en-US')} matched a rule`,
    );
  } finally {
    await database.close();
  }
}

await main();
