import type { ResourceType } from '../../../shared/contract/resource-types';
import type { ReferenceData } from '../../reference';
import { catalogueService, type CatalogueReference } from './catalogue.service';
import { CATALOGUE_TABLES } from './catalogue.queries';

/**
 * Where resource types are used. The resources module (a later migration) adds its table here, or
 * it is already listed: `resources.resource_type_id`. A table that does not exist yet is skipped,
 * so the check costs nothing until then.
 */
export const RESOURCE_TYPE_REFERENCES: CatalogueReference[] = [
  {
    table: 'resources',
    column: 'resource_type_id',
    message: 'This resource type is used by resources and cannot be deleted.',
  },
];

export const resourceTypesService = (reference: ReferenceData) =>
  catalogueService<ResourceType>(
    {
      tables: CATALOGUE_TABLES.resource_types,
      fallbackKey: 'type',
      notFoundMessage: 'Resource type not found.',
      inUseMessage: 'This resource type is used by resources and cannot be deleted.',
      references: RESOURCE_TYPE_REFERENCES,
    },
    reference,
  );
