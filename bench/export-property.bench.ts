/**
 * 100,000 random and hostile signatures through the export renderer, counted, not asserted:
 * exports holding an image from outside the public origin (as typed, and as a save leaves them),
 * `mailto:` links carrying `?`/`&`, `tel:` links with more than digits, and any other finding of the
 * property test. Run: node --import tsx bench/export-property.bench.ts [count]
 */
import fc from 'fast-check';
import { performance } from 'node:perf_hooks';
import { renderSignature } from '../src/shared/signature/render-signature';
import {
  ORIGINS,
  asSaved,
  exportFindings,
  imagesOffOrigin,
  signatureArbitrary,
} from '../src/test-support/signature-arbitrary';

const COUNT = Number(process.argv[2] ?? 100_000);
const counts = { offOriginAsTyped: 0, offOriginSaved: 0, mailtoWithHeader: 0, telNotDigits: 0, otherFindings: 0 };
const examples = new Map<string, string>();
const started = performance.now();
const samples = fc.sample(fc.tuple(signatureArbitrary, fc.constantFrom(...ORIGINS), fc.boolean()), {
  numRuns: COUNT,
  seed: 20261127,
});
for (const [signature, publicUrl, showWatermark] of samples) {
  const typed = renderSignature(signature, { publicUrl, showWatermark });
  if (imagesOffOrigin(typed.html, publicUrl).length > 0) counts.offOriginAsTyped += 1;
  const saved = renderSignature(asSaved(signature), { publicUrl, showWatermark });
  const off = imagesOffOrigin(saved.html, publicUrl);
  if (off.length > 0) {
    counts.offOriginSaved += 1;
    examples.set('offOriginSaved', off[0]!);
  }
  for (const finding of exportFindings(saved, publicUrl)) {
    const key = finding.startsWith('mailto')
      ? 'mailtoWithHeader'
      : finding.startsWith('tel')
        ? 'telNotDigits'
        : 'otherFindings';
    counts[key] += 1;
    if (!examples.has(key)) examples.set(key, finding);
  }
}
const seconds = (performance.now() - started) / 1000;
console.log(
  `${COUNT.toLocaleString('en-US')} random signatures rendered twice in ${seconds.toFixed(1)} s (seed 20261127)`,
);
console.log('exports with an image off the public origin, as typed (no save):', counts.offOriginAsTyped);
console.log('exports with an image off the public origin, once saved (budget 0):', counts.offOriginSaved);
console.log('mailto: links carrying ? or & (budget 0):', counts.mailtoWithHeader);
console.log('tel: links with more than digits (budget 0):', counts.telNotDigits);
console.log('other findings of the property test (budget 0):', counts.otherFindings);
for (const [key, example] of examples) console.log(`  e.g. ${key}: ${example}`);
