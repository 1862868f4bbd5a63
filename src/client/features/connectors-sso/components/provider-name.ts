import type { SsoProvider } from '../../../../shared/contract/sso';

/** The provider's product name, as its administrators know it. */
export const providerName = (provider: SsoProvider) =>
  provider === 'azure' ? 'Microsoft Entra ID (Azure)' : 'Google Workspace';
