import { Body1, Caption1, Spinner } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { TwoFactorSetup } from '../../../../shared/contract/two-factor';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { CodeForm } from './code-form';
import { RecoveryCodesPanel } from './recovery-codes';
import { useTwoFactorStyles } from './two-factor.styles';

/**
 * enable-2fa, on the profile's screen and at an administrator's sign-in alike: the QR code (and the
 * secret as text) for the authenticator app, the first code that turns it on, then the recovery
 * codes, shown once.
 */
export function AuthenticatorSetup({
  start,
  confirm,
  onDone,
}: {
  start: () => Promise<TwoFactorSetup>;
  confirm: (code: string) => Promise<readonly string[]>;
  onDone: () => void;
}) {
  const styles = useTwoFactorStyles();
  const t = useLabel();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [codes, setCodes] = useState<readonly string[] | null>(null);

  useEffect(() => {
    let live = true;
    start().then(
      (answer) => live && setSetup(answer),
      (error: unknown) => live && setFailure(errorMessage(error)),
    );
    return () => {
      live = false;
    };
  }, [start]);

  if (codes) return <RecoveryCodesPanel codes={codes} onDone={onDone} />;
  if (failure) return <ErrorText message={failure} />;
  if (!setup) return <Spinner size="small" label={t('general.loading', 'Loading…')} />;
  return (
    <div className={styles.form}>
      <Body1>
        {t(
          'two-factor.scan',
          'Scan this QR code with an authenticator app (Microsoft Authenticator, Google Authenticator, 1Password…), then type the code it shows.',
        )}
      </Body1>
      <img
        className={styles.qr}
        src={setup.qr_code}
        alt={t('two-factor.qr-alt', 'QR code to add this account to an authenticator app')}
      />
      <Caption1>
        {t('two-factor.secret', 'Or type this key in the app:')}{' '}
        <span className={styles.secret} data-testid="totp-secret">
          {setup.secret}
        </span>
      </Caption1>
      <CodeForm
        submitLabel={t('two-factor.turn-on', 'Turn on')}
        onCode={async (code) => setCodes(await confirm(code))}
      />
    </div>
  );
}
