import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { useEffect } from 'react';
import type { ImpersonationBanner as Banner } from '../../shared/contract/impersonations';
import { useLabel } from '../i18n/i18n';
import { useWhen } from '../i18n/use-when';
import { endImpersonation } from '../session/session';

// setTimeout takes at most 2^31-1 ms; an impersonation lasts minutes, so this is only a guard.
const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * Shown on every screen of a session opened through "open company as administrator": whose company,
 * until when, and End. At the end time the session ends and the master area returns.
 */
export function ImpersonationBanner({ impersonation }: { impersonation: Banner }) {
  const t = useLabel();
  const when = useWhen();
  const ends = Date.parse(impersonation.expires_at);
  useEffect(() => {
    const timer = setTimeout(
      () => void endImpersonation(),
      Math.min(Math.max(ends - Date.now(), 0), LONGEST_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [ends]);
  const until = when.time(impersonation.expires_at);
  return (
    <section aria-label={t('impersonation.banner-label', 'Acting as administrator')}>
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          {t('impersonation.banner', 'You are acting as administrator of {company} until {time}', {
            company: impersonation.company_name,
            time: until,
          })}
        </MessageBarBody>
        <MessageBarActions>
          <Button appearance="primary" size="small" onClick={() => void endImpersonation()}>
            {t('impersonation.end', 'End')}
          </Button>
        </MessageBarActions>
      </MessageBar>
    </section>
  );
}
