export { registerResourceAttributeRoutes } from './resource-attributes.routes';
export { RESOURCE_ATTRIBUTE_REFERENCES } from './resource-attributes.service';
