// The texts a declared resource's screens speak with: those its declaration names (`screens.texts`),
// else react-admin's and the general ones.
import type { ResourceDeclaration, ScreenTexts } from '@shared/resources/index';

const GENERAL: ScreenTexts = {
  add: 'ra.action.create',
  edit: 'ra.action.edit',
  added: 'messages.recordAdded',
  updated: 'messages.recordUpdated',
  deleted: 'messages.recordDeleted',
  duplicates: 'messages.recordDuplicates',
  deleteConfirm: 'app.confirm.delete_record',
};

export const screenTexts = (resource: ResourceDeclaration): ScreenTexts => ({ ...GENERAL, ...resource.screens?.texts });
