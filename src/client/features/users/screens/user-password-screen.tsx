import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState } from 'react';
import { NEW_PASSWORD_RULES } from '../../../../shared/validation/password';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { setUserPassword } from '../api';
import { WithUser } from '../components/user-sub-screen';
import { useUserStyles } from './users.styles';

/**
 * spec §2 /manage-users edit change-password: the administrator sets the user's password (the one
 * password rule, src/shared/validation/password.ts); the user's sessions end.
 */
export default function UserPasswordScreen() {
  return <WithUser>{(_editing, user) => <PasswordForm userId={user.id} />}</WithUser>;
}

function PasswordForm({ userId }: { userId: number }) {
  const styles = useUserStyles();
  const t = useLabel();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({ password: '', password_confirmation: '' }, NEW_PASSWORD_RULES);
  const submit = form.submit(async () => {
    setDone((await setUserPassword(userId, form.values)).message);
    form.setValues({ password: '', password_confirmation: '' });
  });
  const title = t('users.change-password', 'Change password');
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={title}>
      {done && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{done}</MessageBarBody>
        </MessageBar>
      )}
      <FormField
        {...form.field('password')}
        label={t('users.new-password', 'New password')}
        type="password"
        autoComplete="new-password"
        required
        focusOnMount
      />
      <FormField
        {...form.field('password_confirmation')}
        label={t('users.confirm-password', 'Confirm new password')}
        type="password"
        autoComplete="new-password"
        required
      />
      <ErrorText message={form.failure} />
      <div className={styles.actions}>
        <SubmitButton pending={form.pending}>{title}</SubmitButton>
      </div>
    </form>
  );
}
