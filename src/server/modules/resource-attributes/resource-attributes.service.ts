import type { ResourceAttribute } from '../../../shared/contract/resource-attributes';
import type { ReferenceData } from '../../reference';
import { CATALOGUE_TABLES, catalogueService, type CatalogueReference } from '../resource-types';

/**
 * Where resource attributes are used: the resources module's many-to-many table
 * `resource_resource_attributes (company_id, resource_id, resource_attribute_id)`. It does not exist
 * yet, and the check skips it until a migration creates it; another referencing table goes here.
 */
export const RESOURCE_ATTRIBUTE_REFERENCES: CatalogueReference[] = [
  {
    table: 'resource_resource_attributes',
    column: 'resource_attribute_id',
    message: 'This resource attribute is used by resources and cannot be deleted.',
  },
];

export const resourceAttributesService = (reference: ReferenceData) =>
  catalogueService<ResourceAttribute>(
    {
      tables: CATALOGUE_TABLES.resource_attributes,
      fallbackKey: 'attribute',
      notFoundMessage: 'Resource attribute not found.',
      inUseMessage: 'This resource attribute is used by resources and cannot be deleted.',
      references: RESOURCE_ATTRIBUTE_REFERENCES,
    },
    reference,
  );
