import { CatalogueListScreen } from '../../resource-types/components/catalogue-list-screen';
import { RESOURCE_ATTRIBUTE_CATALOGUE } from '../config';

export default function ResourceAttributesScreen() {
  return <CatalogueListScreen config={RESOURCE_ATTRIBUTE_CATALOGUE} />;
}
