/** @vitest-environment jsdom */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_REQUIREMENTS, type FieldRequirements } from '../../../shared/signature/export-checks';
import { createEmptySignature } from '../../../shared/signature/signature-schema';
import { DetailsTab } from './details-tab';

afterEach(cleanup);

function renderDetails(requirements: FieldRequirements) {
  render(
    <DetailsTab fields={createEmptySignature()} requirements={requirements} refusals={{}} onChange={() => undefined} />,
  );
  const control = (name: string) => screen.getByLabelText(new RegExp(`^${name}\\*?$`));
  // The asterisk is decoration (aria-hidden); aria-required is what a screen reader announces.
  const marked = (name: string) =>
    document.querySelector(`label[for="${control(name).id}"]`)?.textContent?.endsWith('*');
  return { marked, required: (name: string) => control(name).getAttribute('aria-required') === 'true' };
}

describe('DetailsTab required fields', () => {
  it('marks only Full Name and Email Address when the organization requires nothing', () => {
    const { marked, required } = renderDetails(NO_REQUIREMENTS);
    expect(['Full Name', 'Email Address'].map(marked)).toEqual([true, true]);
    expect(['Job Title', 'Phone', 'Address'].map(marked)).toEqual([false, false, false]);
    expect(required('Phone')).toBe(false);
  });

  it("marks the organization's required fields like Full Name", () => {
    const { marked, required } = renderDetails({ requiredTitle: true, requiredPhone: false, requiredAddress: true });
    expect(['Job Title', 'Phone', 'Address'].map(marked)).toEqual([true, false, true]);
    expect(['Job Title', 'Phone', 'Address'].map(required)).toEqual([true, false, true]);
    expect(marked('Mobile')).toBe(false);
  });
});
