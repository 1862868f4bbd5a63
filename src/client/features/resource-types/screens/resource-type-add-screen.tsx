import { CatalogueAddScreen } from '../components/catalogue-add-screen';
import { RESOURCE_TYPE_CATALOGUE } from '../config';

export default function ResourceTypeAddScreen() {
  return <CatalogueAddScreen config={RESOURCE_TYPE_CATALOGUE} />;
}
