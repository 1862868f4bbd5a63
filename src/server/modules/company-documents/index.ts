export { registerCompanyDocumentRoutes } from './company-documents.routes';
export { currentVisitorDocuments, recordVisitAcceptances } from './visitor-documents';
