import type { RouteEntry } from '../../routing/types';

const list = () => import(/* webpackChunkName: "company-documents" */ './screens/documents-screen');
const form = () => import(/* webpackChunkName: "company-documents" */ './screens/document-form-screen');
const acceptances = () => import(/* webpackChunkName: "company-documents" */ './screens/acceptances-screen');
const accept = () => import(/* webpackChunkName: "accept-documents" */ './screens/accept-documents-screen');

/**
 * spec §2 /company-documents (DOCUMENTS): add and edit/{documentId}, with who accepted; and
 * /accept-documents/{applicationId}, where the document guard (spec §6) sends a user (docs/documents.md).
 */
export const companyDocumentsRoutes: readonly RouteEntry[] = [
  {
    name: 'r_company-documents',
    path: '/company-documents',
    title: { code: 'documents.title', english: 'Company documents' },
    permission: ['DOCUMENTS', 'read'],
    menu: true,
    surface: 'browser',
    screen: list,
    children: [
      {
        name: 'r_company-documents-add',
        path: 'add',
        title: { code: 'documents.add', english: 'Add document' },
        permission: ['DOCUMENTS', 'create'],
        screen: form,
      },
      {
        name: 'r_company-documents-edit',
        path: 'edit/:documentId',
        title: { code: 'documents.edit', english: 'Edit document' },
        permission: ['DOCUMENTS', 'update'],
        screen: form,
        children: [
          {
            name: 'r_company-documents-edit-acceptances',
            path: 'acceptances',
            title: { code: 'documents.acceptances', english: 'Acceptances' },
            permission: ['DOCUMENTS', 'read'],
            screen: acceptances,
          },
        ],
      },
    ],
  },
  {
    name: 'r_accept-documents',
    path: '/accept-documents/:applicationId',
    title: { code: 'documents.accept.title', english: 'Accept documents' },
    screen: accept,
  },
];
