import { useMemo } from 'react';
import { useInitialData } from '../session/hooks';
import { currentSession } from '../session/session';
import { createWhen, whenSettings, type When } from './format-when';
import { i18n } from './i18n';

/**
 * The formatter of the signed-in user (their formats and zone, their language's names), or of the
 * language before sign-in. `zone` makes a place's zone the default (a level's, a visitor desk's).
 */
export function useWhen(zone?: string): When {
  const session = useInitialData();
  const language = i18n.language || 'en';
  return useMemo(() => {
    const settings = whenSettings(session, language);
    return createWhen(zone ? { ...settings, zone } : settings);
  }, [session, language, zone]);
}

/** The same formatter outside React (a notice written by the Outlook pane's booking flow). */
export function currentWhen(): When {
  return createWhen(whenSettings(currentSession(), i18n.language || 'en'));
}
