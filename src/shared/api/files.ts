import { z } from 'zod';
import { SOCIAL_ICON_VERSION, SOCIAL_ICON_VERSIONS } from '../signature/social-icons';
import { defineRoute } from './contract';

const binary = z.string().meta({ format: 'binary' });
/** A downloaded JSON file (Content-Disposition: attachment), sent as text: see the data-export service for its fields. */
const jsonFile = z.record(z.string(), z.unknown());

export const filesApi = {
  socialIcon: defineRoute({
    method: 'GET',
    path: '/icons/:version/:file',
    summary: `A social platform icon as PNG (\`{platform}.png\`), cached forever: the version is in the path (${SOCIAL_ICON_VERSIONS.join(', ')}; ${SOCIAL_ICON_VERSION} is current)`,
    tags: ['icons'],
    params: z.object({ version: z.string(), file: z.string() }),
    produces: 'image/png',
    responses: { 200: binary },
  }),
  exportAccount: defineRoute({
    method: 'GET',
    path: '/api/account/export',
    summary: 'Download my data: a JSON file of your account, signatures, images and payments',
    tags: ['data export'],
    produces: 'application/json',
    responses: { 200: jsonFile },
  }),
  exportOrganization: defineRoute({
    method: 'GET',
    path: '/api/organization/export',
    summary: "Owners: download the organization's data as a JSON file",
    tags: ['data export'],
    produces: 'application/json',
    responses: { 200: jsonFile },
  }),
};
