import type { RouteName } from '../../../routing/paths';
import type { CataloguePaths } from './catalogue-api';

/** One catalogue (resource types or resource attributes): its paths, routes, labels and fields. */
export interface CatalogueConfig {
  paths: CataloguePaths;
  permission: 'RESOURCE_TYPES' | 'RESOURCE_ATTRIBUTES';
  /** label code prefix: 'resource-types' */
  labels: string;
  english: { title: string; add: string; empty: string; confirm: string };
  routes: { list: RouteName; add: RouteName; edit: RouteName; names: RouteName };
  /** the route parameter of the edit screens */
  param: string;
  /** resource types can be marked as not bookable */
  bookable: boolean;
}
