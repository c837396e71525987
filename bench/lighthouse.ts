/**
 * Lighthouse 12.8.2 against the built site, served by the real server on a random port, with
 * Debian Chromium: mobile and desktop presets on /, /pricing and /contact. Prints the four
 * category scores (the median of RUNS runs), the main timings and where the main thread's time
 * went. Run after `npm run build`.
 * BASE_CLIENT_DIR=<a copy of another build's dist/client> audits that build too, in the same run,
 * alternating with this one run by run (this machine's speed swings with its load): the anchor.
 * Targets: performance at least 98 on mobile; accessibility, best practices and SEO 100.
 */
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { startApp, type RunningApp } from '../tests/e2e/support/app-server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/browser';

const RUNS = Number(process.env.RUNS ?? 3);
const PAGES = (process.env.PAGES ?? '/,/pricing,/contact').split(',');
const PRESETS = (process.env.PRESETS ?? 'mobile,desktop').split(',') as ('mobile' | 'desktop')[];
const BASE_CLIENT_DIR = process.env.BASE_CLIENT_DIR;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGET: Record<(typeof CATEGORIES)[number], number> = {
  performance: 98,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

type Audit = {
  scores: Record<string, number>;
  tbt: number;
  timings: string;
  /** The main thread's time by kind (script evaluation, parsing, style and layout…), observed ms. */
  breakdown: string;
  failing: string[];
  benchmarkIndex: number;
};
type Row = { build: string; preset: string; page: string; runs: Audit[] };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function audit(url: string, preset: 'mobile' | 'desktop', port: number): Promise<Audit> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // A run that Chromium failed (the page never painted in time on a busy machine) says nothing about the page.
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const ms = (id: string) => lhr.audits[id]?.numericValue ?? 0;
  const timings = `FCP ${Math.round(ms('first-contentful-paint'))} ms, LCP ${Math.round(ms('largest-contentful-paint'))} ms, CLS ${ms('cumulative-layout-shift').toFixed(3)}`;
  const items = (
    lhr.audits['mainthread-work-breakdown']?.details as { items?: { groupLabel: string; duration: number }[] }
  )?.items;
  const breakdown = (items ?? [])
    .filter((item) => item.duration >= 5)
    .map((item) => `${item.groupLabel} ${Math.round(item.duration)}`)
    .join(', ');
  const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${c}: ${ref.id}`),
  );
  return {
    scores,
    tbt: Math.round(ms('total-blocking-time')),
    timings,
    breakdown,
    failing,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

const loadBefore = os.loadavg()[0]!;
const servers: { build: string; server: RunningApp }[] = [{ build: 'this', server: await startApp() }];
if (BASE_CLIENT_DIR) servers.push({ build: 'base', server: await startApp({}, { clientDir: BASE_CLIENT_DIR }) });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
const rows: Row[] = [];
try {
  for (const preset of PRESETS) {
    for (const page of PAGES) {
      const byBuild = new Map(servers.map(({ build }) => [build, [] as Audit[]]));
      for (let attempt = 0; attempt < RUNS * 2; attempt++) {
        if ([...byBuild.values()].every((runs) => runs.length >= RUNS)) break;
        // Alternate which build goes first, so that neither always follows the other.
        const order = attempt % 2 === 0 ? servers : [...servers].reverse();
        for (const { build, server } of order) {
          const runs = byBuild.get(build)!;
          if (runs.length >= RUNS) continue;
          try {
            runs.push(await audit(`${server.url}${page}`, preset, chrome.port));
          } catch (error) {
            const reason = error instanceof Error ? error.message : String(error);
            console.warn(`${build} ${preset} ${page}: run discarded (${reason})`);
          }
        }
      }
      for (const [build, runs] of byBuild) {
        if (runs.length === 0) throw new Error(`${build} ${preset} ${page}: every run failed`);
        rows.push({ build, preset, page, runs });
      }
    }
  }
} finally {
  await chrome.kill();
  for (const { server } of servers) await server.stop();
}

// Simulated throttling multiplies the CPU time observed here by 4: a slow or busy machine scores
// lower than a phone would. These say how fast and how busy this machine was during the runs.
const benchmarkIndexes = rows.flatMap((r) => r.runs.map((run) => run.benchmarkIndex));
console.log(`Lighthouse 12.8.2 (${CHROMIUM_PATH}), median of ${RUNS} run(s) per page and build`);
console.log(
  `machine: ${os.cpus().length} CPUs, load average ${loadBefore.toFixed(1)} before the runs and ${os.loadavg()[0]!.toFixed(1)} after, Lighthouse benchmarkIndex median ${median(benchmarkIndexes)}`,
);
if (BASE_CLIENT_DIR) console.log(`base: ${BASE_CLIENT_DIR}, audited alternately with this build`);
console.log(
  `\n${'build'.padEnd(6)}${'preset'.padEnd(9)}${'page'.padEnd(11)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'best'.padStart(6)}${'seo'.padStart(6)}${'TBT ms'.padStart(8)}  perf (each run) / TBT (each run); timings`,
);
let allMet = true;
for (const { build, preset, page, runs } of rows) {
  const s = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]!))]));
  const tbt = median(runs.map((r) => r.tbt));
  const middle = [...runs].sort((a, b) => a.scores.performance! - b.scores.performance!)[Math.floor(runs.length / 2)]!;
  console.log(
    `${build.padEnd(6)}${preset.padEnd(9)}${page.padEnd(11)}${String(s.performance).padStart(6)}${String(s.accessibility).padStart(6)}${String(s['best-practices']).padStart(6)}${String(s.seo).padStart(6)}${String(tbt).padStart(8)}  ${runs.map((r) => r.scores.performance).join(' ')} / ${runs.map((r) => r.tbt).join(' ')}; ${middle.timings}`,
  );
  console.log(`${' '.repeat(20)}main thread (ms, observed): ${middle.breakdown}`);
  for (const f of [...new Set(runs.flatMap((r) => r.failing))]) console.log(`${' '.repeat(20)}failing audit: ${f}`);
  const target = { ...TARGET, performance: preset === 'mobile' ? TARGET.performance : 95 };
  if (build === 'this' && CATEGORIES.some((c) => s[c]! < target[c])) allMet = false;
}
console.log(
  `\nTargets for this build (performance >= 98 on mobile, >= 95 on desktop; the others 100): ${allMet ? 'all met' : 'NOT all met'}`,
);
if (!allMet) process.exitCode = 1;
