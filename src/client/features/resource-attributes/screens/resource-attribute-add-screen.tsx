import { CatalogueAddScreen } from '../../resource-types/components/catalogue-add-screen';
import { RESOURCE_ATTRIBUTE_CATALOGUE } from '../config';

export default function ResourceAttributeAddScreen() {
  return <CatalogueAddScreen config={RESOURCE_ATTRIBUTE_CATALOGUE} />;
}
