import { resourceAttributePaths } from '../../../shared/contract/resource-attributes';
import type { CatalogueConfig } from '../resource-types/components/catalogue-config';

/** spec §2 /resource-attributes (RESOURCE_ATTRIBUTES): add, edit/:resource_attribute_id, name translations. */
export const RESOURCE_ATTRIBUTE_CATALOGUE: CatalogueConfig = {
  paths: resourceAttributePaths,
  permission: 'RESOURCE_ATTRIBUTES',
  labels: 'resource-attributes',
  english: {
    title: 'Resource attributes',
    add: 'Add resource attribute',
    empty: 'No resource attributes found.',
    confirm: 'Delete the resource attribute {name}?',
  },
  routes: {
    list: 'r_resource-attributes',
    add: 'r_resource-attributes-add',
    edit: 'r_resource-attributes-edit',
    names: 'r_resource-attributes-edit-name-translations',
  },
  param: 'resource_attribute_id',
  bookable: false,
};
