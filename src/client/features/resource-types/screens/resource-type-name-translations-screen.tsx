import { CatalogueNamesScreen } from '../components/catalogue-names-screen';
import { RESOURCE_TYPE_CATALOGUE } from '../config';

export default function ResourceTypeNameTranslationsScreen() {
  return <CatalogueNamesScreen config={RESOURCE_TYPE_CATALOGUE} />;
}
