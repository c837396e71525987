/**
 * What another module may ask of Workspace when an organization is deleted, apart from the rest of
 * the Workspace service: the teams module erases inside its own deleting transaction, and reaching
 * the whole service from there would make an import cycle (decision 0200).
 */
export { eraseWorkspaceOf } from './workspace-erase.repository';
