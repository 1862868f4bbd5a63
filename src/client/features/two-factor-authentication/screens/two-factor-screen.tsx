import { Badge, Body1, Button, Spinner } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useTwoFactorStatus } from '../api';
import { useTwoFactorStyles } from '../components/two-factor.styles';

/** spec §2 /two-factor-authentication: whether it is on, and the way to turn it on or off. */
export default function TwoFactorScreen() {
  const styles = useTwoFactorStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const status = useTwoFactorStatus();
  if (!status.data) return <Spinner size="small" label={t('general.loading', 'Loading…')} />;
  const { enabled, required, recovery_codes_left } = status.data;
  return (
    <div className={styles.page}>
      <Body1>
        {t(
          'two-factor.explain',
          'With two-factor sign-in, signing in asks for a code from an app on your phone after your password.',
        )}
      </Body1>
      <div className={styles.actions}>
        <Badge appearance="tint" color={enabled ? 'success' : 'informative'}>
          {enabled ? t('two-factor.on', 'On') : t('two-factor.off', 'Off')}
        </Badge>
        {enabled && (
          <Body1>
            {t(
              'two-factor.codes-left',
              { one: '{count} recovery code left', other: '{count} recovery codes left' },
              { count: recovery_codes_left },
            )}
          </Body1>
        )}
      </div>
      {required && (
        <Body1>
          {t('two-factor.required', 'Your company requires two-factor sign-in for administrators.')}
        </Body1>
      )}
      <div className={styles.actions}>
        {enabled ? (
          <Button
            disabled={required}
            onClick={() => navigate(href('r_two-factor-authentication-disable-2fa'))}
          >
            {t('two-factor.disable', 'Turn off two-factor sign-in')}
          </Button>
        ) : (
          <Button
            appearance="primary"
            onClick={() => navigate(href('r_two-factor-authentication-enable-2fa'))}
          >
            {t('two-factor.enable', 'Turn on two-factor sign-in')}
          </Button>
        )}
      </div>
    </div>
  );
}
