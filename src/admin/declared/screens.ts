// The screens of a plain resource, made from its declaration: react-admin's <Resource> props.
import { createElement } from 'react';
import type { ResourceDeclaration } from '@shared/resources/index';
import { titleField } from '@shared/resources/titles';
import { iconOf } from '../icons';
import { lazyNamed } from '../lazy';

// loaded when first opened, as every resource's screens
const DeclaredList = lazyNamed(() => import('./DeclaredList'), 'DeclaredList');
const DeclaredShow = lazyNamed(() => import('./DeclaredShow'), 'DeclaredShow');

export const declaredScreens = (resource: ResourceDeclaration) => ({
  icon: iconOf(resource),
  // a stored record is named by its first text field where another resource's reference shows or picks it
  ...(resource.storage && titleField(resource) ? { recordRepresentation: titleField(resource) } : {}),
  list: () => createElement(DeclaredList, { resource }),
  // (the fields' helpers hold the zod schema: not read here, so the first page loads without it)
  ...(Object.values(resource.fields).some((f) => f.show) ? { show: () => createElement(DeclaredShow, { resource }) } : {}),
});
