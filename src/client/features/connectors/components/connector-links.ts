import { routeExists } from '../../../routing/paths';

/**
 * The SSO connector screens belong to the SSO feature. The overview and the chooser link to its
 * routes by name when they are in the route table: r_connectors-sso (its list) and
 * r_connectors-sso-add with the variant as ssoId ('azure', 'google').
 */
export const SSO_LIST_ROUTE = 'r_connectors-sso';
export const SSO_ADD_ROUTE = 'r_connectors-sso-add';
export const ssoAvailable = () => routeExists(SSO_LIST_ROUTE);

/** /company-connectors or /connectors: which variant the current screen belongs to. */
export const overviewPrefix = (pathname: string) =>
  pathname.startsWith('/company-connectors') ? 'r_company-connectors' : 'r_connectors';
