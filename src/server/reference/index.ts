export { ReferenceData } from './reference-data';
export type { ReferenceLists } from './reference.queries';
