import { Field, MessageBar, MessageBarBody, Textarea } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { helpCssProblem } from '../../../../shared/html/help-css';
import { ApiError, errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { saveHelpStylesheet, useHelpStylesheet } from '../api';
import { useMasterStyles } from '../master.styles';

/** spec §2 /help-pages/css: the stylesheet applied to help pages only. */
export default function HelpCssScreen() {
  const t = useLabel();
  const sheet = useHelpStylesheet();
  if (sheet.error) return <ErrorText message={errorMessage(sheet.error)} />;
  if (!sheet.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <StylesheetForm
      initial={sheet.data.css}
      onSaved={(css) => void sheet.mutate({ css }, { revalidate: false })}
    />
  );
}

function StylesheetForm({ initial, onSaved }: { initial: string; onSaved(css: string): void }) {
  const styles = useMasterStyles();
  const t = useLabel();
  const [css, setCss] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const problem = helpCssProblem(css);
    setError(problem ?? undefined);
    if (problem) return;
    setPending(true);
    try {
      onSaved((await saveHelpStylesheet(css)).css);
      setSaved(true);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.body?.errors?.css?.[0] : errorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('master.help.css', 'Help stylesheet')}
    >
      {saved && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{t('master.saved', 'Saved.')}</MessageBarBody>
        </MessageBar>
      )}
      <Field
        label={t('master.help.css', 'Help stylesheet')}
        hint={t(
          'master.help.css-hint',
          'CSS rules for the content of help pages; the rest of the product is not affected.',
        )}
        validationMessage={error}
        validationState={error ? 'error' : 'none'}
      >
        <Textarea value={css} resize="vertical" rows={16} onChange={(_event, data) => setCss(data.value)} />
      </Field>
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
      </div>
    </form>
  );
}
