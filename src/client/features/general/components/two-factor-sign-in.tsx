import { Body1, Button } from '@fluentui/react-components';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TwoFactorChallenge } from '../../../../shared/contract/auth';
import { useLabel } from '../../../i18n/i18n';
import {
  answerTwoFactor,
  cancelTwoFactor,
  enableTwoFactorAtSignIn,
  finishTwoFactorSetup,
  startTwoFactorSetupAtSignIn,
} from '../../../session/session';
import { AuthenticatorSetup } from '../../two-factor-authentication/components/authenticator-setup';
import { CodeForm } from '../../two-factor-authentication/components/code-form';
import type { SetupSignInResponse } from '../../../../shared/contract/two-factor';

/**
 * The second step of a sign-in (docs/profile-and-two-factor.md): the code, or — for an
 * administrator whose company requires it — setting it up, then the session opens.
 */
export function TwoFactorSignIn({ pending }: { pending: TwoFactorChallenge }) {
  const t = useLabel();
  const navigate = useNavigate();
  const go = (to: string | null) => {
    if (to) void navigate(to, { replace: true });
  };
  // The session the set-up opened waits until the recovery codes are kept.
  const opened = useRef<SetupSignInResponse | null>(null);
  const confirm = useCallback(async (code: string) => {
    opened.current = await enableTwoFactorAtSignIn(code);
    return opened.current.recovery_codes;
  }, []);
  const back = (
    <Button appearance="subtle" onClick={cancelTwoFactor}>
      {t('two-factor.back-to-login', 'Back to login')}
    </Button>
  );

  if (pending.two_factor === 'setup')
    return (
      <>
        <Body1>
          {t(
            'two-factor.required-at-sign-in',
            'Your company requires two-factor sign-in for administrators. Set it up to continue.',
          )}
        </Body1>
        <AuthenticatorSetup
          start={startTwoFactorSetupAtSignIn}
          confirm={confirm}
          onDone={() => void (opened.current && finishTwoFactorSetup(opened.current).then(go))}
        />
        {back}
      </>
    );
  return (
    <>
      <Body1>{t('two-factor.enter-code', 'Open your authenticator app and type the code it shows.')}</Body1>
      <CodeForm
        recovery
        submitLabel={t('two-factor.verify', 'Verify')}
        onCode={async (code) => go(await answerTwoFactor(code))}
      />
      {back}
    </>
  );
}
