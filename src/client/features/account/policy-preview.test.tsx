/** @vitest-environment jsdom */
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkspaceOverview } from '../../../shared/api/workspace';
import { NO_REQUIREMENTS } from '../../../shared/signature/export-checks';
import { policyFromDefaults, policyFromTemplate } from '../../../shared/signature/organization-policy';
import { DEFAULT_DESIGN } from '../../../shared/signature/signature-schema';
import { createQueryClient } from '../../lib/query-client';
import { DefaultsPreview } from './defaults-preview';
import { PolicyPreview } from './policy-preview';
import { WorkspaceTemplateCard } from './workspace-template-card';

afterEach(cleanup);

const template = {
  design: { ...DEFAULT_DESIGN, template: 'modern' as const, primaryColor: '#0b5cab' },
  company: 'Acme Corp',
  website: 'https://acme.example',
  address: '1 Acme Way',
  photoUrl: '',
  socialLinks: {},
};

const drawn = (testId: string) => screen.getByTestId(testId).innerHTML;

describe('one policy preview for the defaults tab and the Workspace tab', () => {
  it('the defaults tab draws exactly what the policy preview draws for the same defaults', () => {
    render(<DefaultsPreview template="creative" primaryColor="#d73b2a" secondaryColor="#333333" />);
    const policy = policyFromDefaults(
      { ...NO_REQUIREMENTS, template: 'creative', primaryColor: '#d73b2a', secondaryColor: '#333333' },
      null,
    );
    render(<PolicyPreview policy={policy} label="x" testId="same" />);
    expect(drawn('defaults-preview')).toBe(drawn('same'));
  });

  it("a locked field shows the template's value, an editable one the sample person's", () => {
    render(<PolicyPreview policy={policyFromTemplate(template, ['company'])} label="a" testId="open" />);
    render(<PolicyPreview policy={policyFromTemplate(template, [])} label="b" testId="locked" />);
    expect(drawn('open')).toContain('Northwind Studio');
    expect(drawn('locked')).toContain('Acme Corp');
    expect(drawn('locked')).not.toContain('Northwind Studio');
    expect(drawn('locked')).toContain('#0b5cab');
  });

  it('the Workspace template card shows the preview and redraws it as a field is unlocked', () => {
    const data = { template: { template, editableFields: ['mobile'] } } as unknown as WorkspaceOverview;
    render(
      <QueryClientProvider client={createQueryClient()}>
        <WorkspaceTemplateCard data={data} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('figure', { name: 'Preview of the organization template' })).toBeTruthy();
    expect(drawn('workspace-template-preview')).toContain('Acme Corp');
    expect(drawn('workspace-template-preview')).toBe(
      (() => {
        const { container } = render(
          <PolicyPreview policy={policyFromTemplate(template, ['mobile'])} label="c" testId="direct" />,
        );
        return container.querySelector('[data-testid="direct"]')!.innerHTML;
      })(),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: /Company/ }));
    expect(drawn('workspace-template-preview')).toContain('Northwind Studio');
  });
});
