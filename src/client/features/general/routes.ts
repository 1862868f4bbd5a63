import type { RouteEntry } from '../../routing/types';

/** spec §2 "General": the welcome, login, permissions, error, about and help screens. */
export const generalRoutes: readonly RouteEntry[] = [
  {
    name: 'r_home',
    master: true,
    path: '/home',
    aliases: ['/'],
    title: { code: 'general.home.title', english: 'Home' },
    menu: true,
    screen: () => import(/* webpackChunkName: "home" */ './screens/home-screen'),
  },
  {
    name: 'r_login',
    path: '/login',
    access: 'public',
    title: { code: 'general.login.title', english: 'Sign in' },
    screen: () => import(/* webpackChunkName: "login" */ './screens/login-screen'),
  },
  {
    name: 'r_tmp-code',
    path: '/tmp-code',
    access: 'public',
    title: { code: 'general.tmp-code.title', english: 'Sign in with a code' },
    screen: () => import(/* webpackChunkName: "tmp-code" */ './screens/tmp-code-screen'),
  },
  {
    name: 'r_forgot-password',
    path: '/forgot-password',
    access: 'public',
    title: { code: 'general.password-forgot.title', english: 'Forgot password' },
    screen: () => import(/* webpackChunkName: "forgot-password" */ './screens/forgot-password-screen'),
  },
  {
    name: 'r_reset-password',
    path: '/reset-password',
    access: 'public',
    title: { code: 'general.password-reset.title', english: 'Reset password' },
    screen: () => import(/* webpackChunkName: "reset-password" */ './screens/reset-password-screen'),
  },
  {
    name: 'r_permissions',
    path: '/permissions',
    title: { code: 'general.permissions.title', english: 'Permissions' },
    menu: true,
    surface: 'browser',
    screen: () => import(/* webpackChunkName: "permissions" */ './screens/permissions-screen'),
  },
  {
    name: 'r_404',
    path: '/404',
    access: 'public',
    title: { code: 'general.not-found.title', english: 'Page not found' },
    screen: () => import(/* webpackChunkName: "not-found" */ './screens/not-found-screen'),
  },
  {
    name: 'r_about',
    master: true,
    path: '/about',
    title: { code: 'general.about.title', english: 'About' },
    menu: true,
    surface: 'browser',
    screen: () => import(/* webpackChunkName: "about" */ './screens/about-screen'),
    children: [
      {
        name: 'r_about-add-version',
        path: 'add-version',
        access: 'platform-admin',
        title: { code: 'general.about.add-version', english: 'Add version' },
        screen: () => import(/* webpackChunkName: "about" */ './screens/add-version-screen'),
        children: [
          {
            name: 'r_about-add-version-select-application',
            path: 'select-application',
            title: { code: 'general.about.select-application', english: 'Select application' },
            screen: () => import(/* webpackChunkName: "about" */ './screens/select-application-screen'),
          },
        ],
      },
      {
        name: 'r_about-application-versions',
        path: 'application-versions',
        title: { code: 'general.about.application-versions', english: 'Application versions' },
        screen: () => import(/* webpackChunkName: "about" */ './screens/application-versions-screen'),
        children: [
          {
            name: 'r_about-application-versions-application-version',
            path: 'application-version',
            title: { code: 'general.about.application-version', english: 'Application version' },
            screen: () => import(/* webpackChunkName: "about" */ './screens/application-version-screen'),
          },
        ],
      },
    ],
  },
  {
    name: 'r_help-and-documents',
    master: true,
    path: '/help-and-documents',
    title: { code: 'general.help-and-documents.title', english: 'Help and documents' },
    menu: true,
    surface: 'browser',
    screen: () => import(/* webpackChunkName: "help-and-documents" */ './screens/help-and-documents-screen'),
  },
];
