/** @vitest-environment jsdom */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_REQUIREMENTS, type FieldRequirements } from '../../../shared/signature/export-checks';
import { createEmptySignature } from '../../../shared/signature/signature-schema';
import { NO_LOCKS } from '../../../shared/signature/organization-locks';
import { DetailsTab } from './details-tab';

afterEach(cleanup);

function renderDetails(requirements: FieldRequirements) {
  render(
    <DetailsTab
      fields={createEmptySignature()}
      requirements={requirements}
      locks={NO_LOCKS}
      refusals={{}}
      onChange={() => undefined}
    />,
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

describe('DetailsTab fields the organization sets', () => {
  it('shows a locked field read-only with "Set by your organization", and leaves the others editable', () => {
    render(
      <DetailsTab
        fields={createEmptySignature({ company: 'Acme Corp', title: 'Buyer' })}
        requirements={NO_REQUIREMENTS}
        locks={{ ...NO_LOCKS, locked: ['company', 'address'], values: { company: 'Acme Corp' } }}
        refusals={{}}
        onChange={() => undefined}
      />,
    );
    const company = screen.getByLabelText('Company') as HTMLInputElement;
    expect(company.readOnly).toBe(true);
    expect(company.value).toBe('Acme Corp');
    expect(document.getElementById(company.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Set by your organization',
    );
    expect((screen.getByLabelText('Address') as HTMLTextAreaElement).readOnly).toBe(true);
    expect((screen.getByLabelText('Job Title') as HTMLInputElement).readOnly).toBe(false);
    expect(screen.getAllByText('Set by your organization')).toHaveLength(2);
  });
});
