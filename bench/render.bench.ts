/**
 * How long one full signature takes to render. Run: node --import tsx bench/render.bench.ts
 * Prints figures only; it never fails on timing, since machines differ.
 */
import { performance } from 'node:perf_hooks';
import { renderSignature, type RenderOptions } from '../src/shared/signature/render-signature';
import { TEMPLATES, type SignatureFields } from '../src/shared/signature/signature-schema';
import { TEST_PUBLIC_URL, buildFullSignature } from '../src/test-support/signature-test-factory';

const WARM_UP_RUNS = 2_000;
const MEASURED_RUNS = 20_000;
const options: RenderOptions = { publicUrl: TEST_PUBLIC_URL, showWatermark: true };

function percentile(sorted: Float64Array, fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.floor(sorted.length * fraction));
  return sorted[index] ?? 0;
}

function measureTemplate(signature: SignatureFields): {
  medianUs: number;
  p99Us: number;
  opsPerSecond: number;
  length: number;
} {
  let sink = 0;
  for (let run = 0; run < WARM_UP_RUNS; run += 1) sink += renderSignature(signature, options).html.length;
  const samples = new Float64Array(MEASURED_RUNS);
  const started = performance.now();
  for (let run = 0; run < MEASURED_RUNS; run += 1) {
    const before = performance.now();
    sink += renderSignature(signature, options).html.length;
    samples[run] = (performance.now() - before) * 1000;
  }
  const totalMs = performance.now() - started;
  samples.sort();
  // Reading sink keeps the engine from discarding the renders as dead code.
  if (sink === 0) console.log('no output');
  return {
    medianUs: percentile(samples, 0.5),
    p99Us: percentile(samples, 0.99),
    opsPerSecond: Math.round(MEASURED_RUNS / (totalMs / 1000)),
    length: renderSignature(signature, options).html.length,
  };
}

console.log(`renderSignature: ${MEASURED_RUNS} renders of a full signature after ${WARM_UP_RUNS} warm-up renders`);
for (const template of TEMPLATES) {
  const signature = buildFullSignature({ design: { ...buildFullSignature().design, template } });
  const result = measureTemplate(signature);
  console.log(
    `${template.padEnd(13)} median ${result.medianUs.toFixed(1)} µs  p99 ${result.p99Us.toFixed(1)} µs  ` +
      `${result.opsPerSecond.toLocaleString('en-US')} ops/s  html ${result.length} chars`,
  );
}
