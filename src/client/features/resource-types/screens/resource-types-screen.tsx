import { CatalogueListScreen } from '../components/catalogue-list-screen';
import { RESOURCE_TYPE_CATALOGUE } from '../config';

export default function ResourceTypesScreen() {
  return <CatalogueListScreen config={RESOURCE_TYPE_CATALOGUE} />;
}
