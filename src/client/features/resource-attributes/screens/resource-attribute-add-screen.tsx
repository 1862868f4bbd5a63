import { CatalogueAddScreen } from '../../resource-types/components/catalogue-screens';
import { RESOURCE_ATTRIBUTE_CATALOGUE } from '../config';

export default function ResourceAttributeAddScreen() {
  return <CatalogueAddScreen config={RESOURCE_ATTRIBUTE_CATALOGUE} />;
}
