import { loadLoginLabels } from '../features/general/login-labels';
import { resolvedRoute } from '../routing/table';

/**
 * Without a session the auth guard is about to open the login screen: fetch its labels and its chunk
 * now, alongside the router's start, instead of one after the other.
 */
export function prepareLoginScreen(): void {
  void loadLoginLabels();
  void resolvedRoute('r_login')?.entry.screen();
}
