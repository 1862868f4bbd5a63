import { Body1 } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { disableTwoFactor } from '../api';
import { useTwoFactorStyles } from '../components/two-factor.styles';

/** spec §2 disable-2fa: the password and a code (or a recovery code) prove it is the owner. */
export default function DisableTwoFactorScreen() {
  const styles = useTwoFactorStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const form = useForm({ password: '', code: '' }, { password: 'required', code: 'required' });
  const submit = form.submit(async () => {
    await disableTwoFactor({ password: form.values.password, code: form.values.code.trim() });
    navigate(href('r_two-factor-authentication'));
  });
  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={t('two-factor.disable', 'Turn off two-factor sign-in')}
    >
      <Body1>{t('two-factor.disable-hint', 'Signing in will ask for your password only.')}</Body1>
      <ErrorText message={form.failure} />
      <FormField
        {...form.field('password')}
        label={t('two-factor.password', 'Password')}
        type="password"
        autoComplete="current-password"
        required
        focusOnMount
      />
      <FormField
        {...form.field('code')}
        label={t('two-factor.code-or-recovery', 'Code from your authenticator app, or a recovery code')}
        autoComplete="one-time-code"
        maxLength={32}
        required
      />
      <div className={styles.actions}>
        <SubmitButton pending={form.pending}>{t('two-factor.turn-off', 'Turn off')}</SubmitButton>
      </div>
    </form>
  );
}
