import type { RouteEntry, RouteName } from '../../routing/types';
import { COMPANY_PICKERS, EDIT_COMPANY_PICKERS, PICKER_TITLE } from './company-pickers';
import { REFERENCE_SCREENS } from './reference-kinds';

const companies = () => import(/* webpackChunkName: "master" */ './screens/companies-screen');
const company = () => import(/* webpackChunkName: "master" */ './screens/company-screen');
const companyPicker = () => import(/* webpackChunkName: "master" */ './screens/company-picker-screen');
const references = () => import(/* webpackChunkName: "master" */ './screens/reference-list-screen');
const reference = () => import(/* webpackChunkName: "master" */ './screens/reference-screen');
const helpPages = () => import(/* webpackChunkName: "master-help" */ './screens/help-pages-screen');
const helpPage = () => import(/* webpackChunkName: "master-help" */ './screens/help-page-screen');
const translations = () =>
  import(/* webpackChunkName: "master-translations" */ './screens/translations-screen');
const translation = () =>
  import(/* webpackChunkName: "master-translations" */ './screens/translation-screen');
const translationsSync = () =>
  import(/* webpackChunkName: "master-translations" */ './screens/translations-sync-screen');
const usage = () => import(/* webpackChunkName: "usage" */ './screens/usage-screen');
const helpCss = () => import(/* webpackChunkName: "master-help" */ './screens/help-css-screen');

/**
 * spec §2 "Master area": the platform administrators' screens, only in the master area (no
 * subdomain) and only for them. Their children inherit that.
 */
export const masterRoutes: readonly RouteEntry[] = [
  {
    name: 'r_cx-manage-companies',
    path: '/cx-manage-companies',
    access: 'platform-admin',
    title: { code: 'master.companies.title', english: 'Companies' },
    menu: true,
    surface: 'browser',
    screen: companies,
    children: [
      {
        name: 'r_cx-manage-companies-add-company',
        path: 'add-company',
        title: { code: 'master.companies.add', english: 'Add company' },
        screen: company,
        children: COMPANY_PICKERS.map((picker) => ({
          name: `r_cx-manage-companies-add-company-${picker}` as const,
          path: picker,
          title: PICKER_TITLE[picker],
          screen: companyPicker,
        })),
      },
      {
        name: 'r_cx-manage-companies-edit-company',
        path: 'edit-company/:company_id',
        title: { code: 'master.companies.edit', english: 'Edit company' },
        screen: company,
        children: EDIT_COMPANY_PICKERS.map((picker) => ({
          name: `r_cx-manage-companies-edit-company-${picker}` as const,
          path: picker,
          title: PICKER_TITLE[picker],
          screen: companyPicker,
        })),
      },
    ],
  },
  {
    name: 'r_help-pages',
    path: '/help-pages',
    access: 'platform-admin',
    title: { code: 'master.help.title', english: 'Help pages' },
    menu: true,
    surface: 'browser',
    screen: helpPages,
    children: [
      {
        name: 'r_help-pages-add-page',
        path: 'add-page',
        title: { code: 'master.help.add', english: 'Add page' },
        screen: helpPage,
      },
      {
        name: 'r_help-pages-css',
        path: 'css',
        title: { code: 'master.help.css', english: 'Help stylesheet' },
        screen: helpCss,
      },
      {
        name: 'r_help-pages-page',
        path: ':helpPageId',
        title: { code: 'master.help.page', english: 'Help page' },
        screen: helpPage,
      },
    ],
  },
  {
    name: 'r_cx-translations',
    path: '/cx-translations',
    access: 'platform-admin',
    title: { code: 'master.translations.title', english: 'Translations' },
    menu: true,
    surface: 'browser',
    screen: translations,
    children: [
      {
        name: 'r_cx-translations-add-translation',
        path: 'add-translation',
        title: { code: 'master.translations.add', english: 'Add label' },
        screen: translation,
      },
      {
        name: 'r_cx-translations-label',
        path: 'label/:labelId',
        title: { code: 'master.translations.label', english: 'Label' },
        screen: translation,
      },
    ],
  },
  {
    name: 'r_translations-sync',
    path: '/translations-sync',
    access: 'platform-admin',
    title: { code: 'master.translations.sync', english: 'Export and import' },
    menu: true,
    surface: 'browser',
    screen: translationsSync,
  },
  {
    name: 'r_usage',
    path: '/usage',
    access: 'platform-admin',
    title: { code: 'master.usage.title', english: 'Usage' },
    menu: true,
    surface: 'browser',
    screen: usage,
  },
  ...REFERENCE_SCREENS.map((config): RouteEntry => ({
    name: `r_cx-${config.segment}`,
    path: `/cx-${config.segment}`,
    access: 'platform-admin',
    title: config.title,
    menu: true,
    surface: 'browser',
    screen: references,
    children: [
      {
        name: `r_cx-${config.segment}-add-${config.singular}` as RouteName,
        path: `add-${config.singular}`,
        title: config.add,
        screen: reference,
      },
      {
        name: `r_cx-${config.segment}-edit-${config.singular}` as RouteName,
        path: `edit-${config.singular}/:id`,
        title: config.edit,
        screen: reference,
      },
    ],
  })),
];
