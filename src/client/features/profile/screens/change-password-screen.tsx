import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/validation';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { changePassword } from '../api';
import { useProfileStyles } from '../components/profile.styles';

/** spec §2 /profile change-password: the current password, the new one twice; other sessions end. */
export default function ChangePasswordScreen() {
  const styles = useProfileStyles();
  const t = useLabel();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm(
    { current_password: '', password: '', password_confirmation: '' },
    {
      current_password: 'required',
      password: `required|min:${PASSWORD_MIN_LENGTH}`,
      password_confirmation: 'required|confirmed:password',
    },
  );
  const submit = form.submit(
    async () => {
      setMessage(null);
      setMessage((await changePassword(form.values)).message);
      form.setValues({ current_password: '', password: '', password_confirmation: '' });
    },
    { failure: 'unplaced' },
  );
  return (
    <form
      className={styles.page}
      onSubmit={submit}
      noValidate
      aria-label={t('profile.change-password', 'Change password')}
    >
      {message && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{message}</MessageBarBody>
        </MessageBar>
      )}
      <ErrorText message={form.failure} />
      <FormField
        {...form.field('current_password')}
        label={t('profile.current-password', 'Current password')}
        type="password"
        autoComplete="current-password"
        required
        focusOnMount
      />
      <FormField
        {...form.field('password')}
        label={t('profile.new-password', 'New password')}
        hint={t(
          'profile.password-hint',
          'At least {min} characters, and not one of the most common passwords.',
          { min: PASSWORD_MIN_LENGTH },
        )}
        type="password"
        autoComplete="new-password"
        required
      />
      <FormField
        {...form.field('password_confirmation')}
        label={t('profile.confirm-password', 'Confirm new password')}
        type="password"
        autoComplete="new-password"
        required
      />
      <div className={styles.actions}>
        <SubmitButton pending={form.pending}>{t('profile.change-password', 'Change password')}</SubmitButton>
      </div>
    </form>
  );
}
