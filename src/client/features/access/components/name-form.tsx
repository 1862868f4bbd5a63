import { Field, Input } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { SubmitButton } from '../../../ui/submit-button';
import { useAccessStyles } from '../screens/access.styles';

/** A name and a save button: adding a container, a role or a mega container, or renaming one. */
export function NameForm({
  label,
  initial = '',
  onSave,
}: {
  label: string;
  initial?: string;
  onSave: (name: string) => Promise<unknown>;
}) {
  const styles = useAccessStyles();
  const t = useLabel();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setFailure(null);
    if (name.trim() === '') return setError(t('validation.required', 'This field is required.'));
    setPending(true);
    try {
      await onSave(name.trim());
    } catch (caught) {
      const field = caught instanceof ApiError ? caught.body?.errors?.name?.[0] : undefined;
      if (field) setError(field);
      else setFailure(errorMessage(caught));
    } finally {
      setPending(false);
    }
  };
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={label}>
      <ErrorText message={failure} />
      <Field label={t('access.name', 'Name')} required validationMessage={error ?? undefined}>
        <Input value={name} maxLength={120} onChange={(_event, data) => setName(data.value)} />
      </Field>
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
      </div>
    </form>
  );
}
