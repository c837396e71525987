import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ORIGINS,
  asSaved,
  exportFindings,
  imagesOffOrigin,
  signatureArbitrary,
} from '../../test-support/signature-arbitrary';
import { renderSignature } from './render-signature';

const NUM_RUNS = 10_000;

describe('renderSignature with arbitrary and hostile input', () => {
  it('writes only Gmail-safe, well-formed HTML and clean text', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(
        signatureArbitrary,
        fc.constantFrom(...ORIGINS),
        fc.boolean(),
        (signature, publicUrl, showWatermark) => {
          expect(exportFindings(renderSignature(signature, { publicUrl, showWatermark }), publicUrl)).toEqual([]);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('exports no image from outside the public origin once the signature is saved', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(
        signatureArbitrary,
        fc.constantFrom(...ORIGINS),
        fc.boolean(),
        (signature, publicUrl, showWatermark) => {
          const { html } = renderSignature(asSaved(signature), { publicUrl, showWatermark });
          expect(imagesOffOrigin(html, publicUrl)).toEqual([]);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
});
