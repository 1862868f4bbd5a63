import { CatalogueListScreen } from '../../resource-types/components/catalogue-screens';
import { RESOURCE_ATTRIBUTE_CATALOGUE } from '../config';

export default function ResourceAttributesScreen() {
  return <CatalogueListScreen config={RESOURCE_ATTRIBUTE_CATALOGUE} />;
}
