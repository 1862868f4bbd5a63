export { registerResourceTypeRoutes } from './resource-types.routes';
export { RESOURCE_TYPE_REFERENCES } from './resource-types.service';
// Resource attributes share the procedures (same shape: key, icon, names per language).
export { catalogueService, type CatalogueReference } from './catalogue.service';
export { CATALOGUE_TABLES } from './catalogue.queries';
