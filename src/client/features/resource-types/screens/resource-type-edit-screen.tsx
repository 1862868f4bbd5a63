import { CatalogueEditScreen } from '../components/catalogue-screens';
import { RESOURCE_TYPE_CATALOGUE } from '../config';

export default function ResourceTypeEditScreen() {
  return <CatalogueEditScreen config={RESOURCE_TYPE_CATALOGUE} />;
}
