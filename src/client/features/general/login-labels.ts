import { authPaths } from '../../../shared/contract/auth';
import type { LabelsBody } from '../../../shared/contract/reference';
import { api, currentLang } from '../../api/client';
import { apiPrefix } from '../../api/environment';
import { addLabels } from '../../i18n/i18n';
import { writeStored } from '../../session/storage';

/** GET {prefix}/auth/login/labels/{locale}: the login screens' labels, before anyone is signed in. */
export async function loadLoginLabels(): Promise<void> {
  const locale = currentLang();
  try {
    const answer = await api.get<LabelsBody>(authPaths(apiPrefix()).labels(locale), {
      silent: true,
      noRefresh: true,
    });
    addLabels(locale, answer.labels);
  } catch {
    // The screens carry English defaults.
  }
}

/** The sign-in page's language switch: remembered (appLang) and applied at once. */
export async function switchLoginLanguage(code: string): Promise<void> {
  writeStored('lang', code);
  await loadLoginLabels();
}
