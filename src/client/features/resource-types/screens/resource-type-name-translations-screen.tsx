import { CatalogueNamesScreen } from '../components/catalogue-screens';
import { RESOURCE_TYPE_CATALOGUE } from '../config';

export default function ResourceTypeNameTranslationsScreen() {
  return <CatalogueNamesScreen config={RESOURCE_TYPE_CATALOGUE} />;
}
