/** @vitest-environment jsdom */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PaidFeatureLock } from './paid-feature-lock';

afterEach(cleanup);

const draw = (props: Parameters<typeof PaidFeatureLock>[0]) =>
  render(
    <MemoryRouter>
      <PaidFeatureLock {...props} />
    </MemoryRouter>,
  );

describe('a paid feature, shown as paid in words for the reader', () => {
  it('owners and admins read the plan, its price from the catalogue, and "Upgrade"', () => {
    draw({ capability: 'workspacePush', canManage: true, askForUpgrade: null });
    const lock = screen.getByTestId('paid-lock-workspacePush');
    expect(lock.textContent).toContain('Pro');
    expect(lock.textContent).toContain('Google Workspace push is part of the Pro plan ($199/month).');
    expect(lock.textContent).not.toContain('Ask');
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/account/billing');
  });

  it('a member reads whom to ask, by name, and gets no upgrade button', () => {
    draw({ capability: 'signatureDefaults', canManage: false, askForUpgrade: 'Olivia Owner' });
    const lock = screen.getByTestId('paid-lock-signatureDefaults');
    expect(lock.textContent).toContain('Organization signature defaults are part of the Pro plan ($199/month).');
    expect(lock.textContent).toContain('Ask Olivia Owner to upgrade.');
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
  });

  it('Standard features name Standard and its price', () => {
    draw({ capability: 'teamMembers', canManage: true, askForUpgrade: null });
    expect(screen.getByTestId('paid-lock-teamMembers').textContent).toContain(
      'Team members are part of the Standard plan ($19/month).',
    );
  });
});
