import { CatalogueNamesScreen } from '../../resource-types/components/catalogue-names-screen';
import { RESOURCE_ATTRIBUTE_CATALOGUE } from '../config';

export default function ResourceAttributeNameTranslationsScreen() {
  return <CatalogueNamesScreen config={RESOURCE_ATTRIBUTE_CATALOGUE} />;
}
