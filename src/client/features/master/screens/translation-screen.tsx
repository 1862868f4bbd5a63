import { Field, Input, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { translationPaths, type MasterLabel } from '../../../../shared/contract/translations';
import { ApiError, errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { addLabel, forgetAnswers, saveLabel, useMasterLabel } from '../api';
import { useMasterStyles } from '../master.styles';

/**
 * spec §2 /cx-translations label and add-translation: a label's content in every language. An
 * emptied language falls back to English (spec §9 when English is missing too).
 */
export default function TranslationScreen() {
  const t = useLabel();
  const raw = Number(useParams()['labelId']);
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const label = useMasterLabel(id);
  if (label.error) return <ErrorText message={errorMessage(label.error)} />;
  if (id !== null && !label.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <TranslationForm
      key={label.data?.id ?? 'new'}
      loaded={label.data ?? null}
      onSaved={(saved) => void label.mutate(saved, { revalidate: false })}
    />
  );
}

function TranslationForm({
  loaded,
  onSaved,
}: {
  loaded: MasterLabel | null;
  onSaved(label: MasterLabel): void;
}) {
  const styles = useMasterStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const languages = useInitialData()?.languages ?? [];
  const [code, setCode] = useState(loaded?.code ?? '');
  const [contents, setContents] = useState<Record<string, string>>(loaded?.translations ?? {});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setFailure(null);
    setErrors({});
    setPending(true);
    try {
      const translations = Object.fromEntries(
        languages.map((language) => [language.code, contents[language.code] ?? '']),
      );
      if (loaded) {
        onSaved(await saveLabel(loaded.id, translations));
        setSaved(true);
      } else {
        const created = await addLabel({ code: code.trim(), translations });
        navigate(href('r_cx-translations-label', { labelId: created.id }));
      }
      await forgetAnswers(translationPaths.labels);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.body?.errors : undefined;
      if (fieldErrors) setErrors(fieldErrors);
      else setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={loaded?.code ?? t('master.translations.add', 'Add label')}
    >
      {saved && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{t('master.saved', 'Saved.')}</MessageBarBody>
        </MessageBar>
      )}
      <ErrorText message={failure} />
      <Field
        label={t('master.translations.code', 'Code')}
        required={!loaded}
        validationMessage={errors['code']?.[0]}
        validationState={errors['code'] ? 'error' : 'none'}
      >
        <Input
          value={code}
          readOnly={loaded !== null}
          maxLength={190}
          onChange={(_event, data) => setCode(data.value)}
        />
      </Field>
      {languages.map((language) => {
        const error = errors[`translations.${language.code}`]?.[0];
        return (
          <Field
            key={language.code}
            label={language.name}
            required={language.code === 'en'}
            validationMessage={error}
            validationState={error ? 'error' : 'none'}
          >
            <Input
              lang={language.code}
              value={contents[language.code] ?? ''}
              maxLength={2000}
              onChange={(_event, data) =>
                setContents((previous) => ({ ...previous, [language.code]: data.value }))
              }
            />
          </Field>
        );
      })}
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
      </div>
    </form>
  );
}
