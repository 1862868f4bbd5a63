import { resourceTypePaths } from '../../../shared/contract/resource-types';
import type { CatalogueConfig } from './components/catalogue-config';

/** spec §2 /resource-types (RESOURCE_TYPES): add, edit/:resource_type_id, name translations. */
export const RESOURCE_TYPE_CATALOGUE: CatalogueConfig = {
  paths: resourceTypePaths,
  permission: 'RESOURCE_TYPES',
  labels: 'resource-types',
  english: {
    title: 'Resource types',
    add: 'Add resource type',
    empty: 'No resource types found.',
    confirm: 'Delete the resource type {name}?',
  },
  routes: {
    list: 'r_resource-types',
    add: 'r_resource-types-add',
    edit: 'r_resource-types-edit',
    names: 'r_resource-types-edit-name-translations',
  },
  param: 'resource_type_id',
  bookable: true,
};
