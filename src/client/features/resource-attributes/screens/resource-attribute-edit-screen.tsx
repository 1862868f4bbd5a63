import { CatalogueEditScreen } from '../../resource-types/components/catalogue-edit-screen';
import { RESOURCE_ATTRIBUTE_CATALOGUE } from '../config';

export default function ResourceAttributeEditScreen() {
  return <CatalogueEditScreen config={RESOURCE_ATTRIBUTE_CATALOGUE} />;
}
