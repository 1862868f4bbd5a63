import type { FormEvent, ReactNode } from 'react';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { useLevelStyles } from './levels.styles';

/** The frame of a level sub-screen: a form named after it, its fields, a failure and Save. */
export function LevelSubScreenForm({
  title,
  mayWrite,
  pending,
  failure,
  onSubmit,
  children,
}: {
  title: string;
  mayWrite: boolean;
  pending: boolean;
  failure: string | null;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const styles = useLevelStyles();
  const t = useLabel();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={title}>
      {children}
      <ErrorText message={failure} />
      {mayWrite && (
        <div className={styles.actions}>
          <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
        </div>
      )}
    </form>
  );
}

/** Until the level (or the session) is there. */
export function LevelLoading() {
  const t = useLabel();
  return <Loader label={t('general.loading', 'Loading…')} />;
}
