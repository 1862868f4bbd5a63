import { CatalogueEditScreen } from '../components/catalogue-edit-screen';
import { RESOURCE_TYPE_CATALOGUE } from '../config';

export default function ResourceTypeEditScreen() {
  return <CatalogueEditScreen config={RESOURCE_TYPE_CATALOGUE} />;
}
