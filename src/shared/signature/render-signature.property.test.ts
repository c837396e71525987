import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ORIGINS,
  asSaved,
  exportFindings,
  imagesOffOrigin,
  signatureArbitrary,
} from '../../test-support/signature-arbitrary';
import { renderSignature, type RenderOptions } from './render-signature';
import type { SignatureFields } from './signature-schema';

// Each run draws a new seed, so the runs add up across CI runs; 2,500 per run keeps this file
// under a core-minute on a slow day (decision 0276).
const NUM_RUNS = 2_500;

/** `check` holds for NUM_RUNS random signatures, on each origin, with and without the watermark. */
function forEverySignature(check: (signature: SignatureFields, options: RenderOptions) => void) {
  fc.assert(
    fc.property(signatureArbitrary, fc.constantFrom(...ORIGINS), fc.boolean(), (signature, publicUrl, showWatermark) =>
      check(signature, { publicUrl, showWatermark }),
    ),
    { numRuns: NUM_RUNS },
  );
}

describe('renderSignature with arbitrary and hostile input', () => {
  it('writes only Gmail-safe, well-formed HTML and clean text', { timeout: 60_000 }, () => {
    forEverySignature((signature, options) => {
      expect(exportFindings(renderSignature(signature, options), options.publicUrl)).toEqual([]);
    });
  });

  it('exports no image from outside the public origin once the signature is saved', { timeout: 60_000 }, () => {
    forEverySignature((signature, options) => {
      expect(imagesOffOrigin(renderSignature(asSaved(signature), options).html, options.publicUrl)).toEqual([]);
    });
  });
});
