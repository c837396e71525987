import { useMemo } from 'react';
import { NO_REQUIREMENTS } from '../../../shared/signature/export-checks';
import { policyFromDefaults } from '../../../shared/signature/organization-policy';
import type { DefaultTemplate } from '../../../shared/validation/account-schemas';
import { PolicyPreview } from './policy-preview';

type Props = { template: DefaultTemplate; primaryColor: string; secondaryColor: string };

/** The defaults as the organization's policy, in the one policy preview the Workspace template shows too. */
export function DefaultsPreview({ template, primaryColor, secondaryColor }: Props) {
  const policy = useMemo(
    () => policyFromDefaults({ ...NO_REQUIREMENTS, template, primaryColor, secondaryColor }, null),
    [template, primaryColor, secondaryColor],
  );
  return <PolicyPreview policy={policy} label="Preview of the default signature style" testId="defaults-preview" />;
}
