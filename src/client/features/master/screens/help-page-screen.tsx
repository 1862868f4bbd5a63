import {
  Button,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Option,
} from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { masterHelpPaths, type MasterHelpPage } from '../../../../shared/contract/help-admin';
import { ApiError, errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { deleteHelpPage, forgetAnswers, saveHelpPage, useMasterHelpPage } from '../api';
import { RichTextEditor } from '../components/rich-text-editor';
import { useMasterStyles } from '../master.styles';

type Content = Record<string, { title: string; html: string }>;

/**
 * spec §2 /help-pages add-page and {helpPageId}: the screen path a page belongs to and its title
 * and content per language (the language picker chooses which one is edited).
 */
export default function HelpPageScreen() {
  const t = useLabel();
  const raw = Number(useParams()['helpPageId']);
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const page = useMasterHelpPage(id);
  if (page.error) return <ErrorText message={errorMessage(page.error)} />;
  if (id !== null && !page.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <HelpPageForm
      key={page.data?.id ?? 'new'}
      id={id}
      loaded={page.data ?? null}
      onSaved={(saved) => void page.mutate(saved, { revalidate: false })}
    />
  );
}

function HelpPageForm({
  id,
  loaded,
  onSaved,
}: {
  id: number | null;
  loaded: MasterHelpPage | null;
  onSaved(page: MasterHelpPage): void;
}) {
  const styles = useMasterStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData();
  const [path, setPath] = useState(loaded?.path ?? '');
  const [content, setContent] = useState<Content>(() =>
    Object.fromEntries(
      (loaded?.translations ?? []).map((tr) => [tr.language_code, { title: tr.title, html: tr.html }]),
    ),
  );
  const [language, setLanguage] = useState('en');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const languages = session?.languages ?? [];
  const current = content[language] ?? { title: '', html: '' };
  const edit = (change: Partial<{ title: string; html: string }>) =>
    setContent((previous) => ({ ...previous, [language]: { ...current, ...change } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setFailure(null);
    const translations = Object.entries(content)
      .filter(([, value]) => value.title.trim() || value.html.replace(/<[^>]*>/g, '').trim())
      .map(([language_code, value]) => ({ language_code, title: value.title.trim(), html: value.html }));
    const local: Record<string, string[]> = {};
    if (!path.trim()) local['path'] = [t('general.validation.required', 'This field is required.')];
    if (translations.length === 0)
      local['title'] = [t('general.validation.required', 'This field is required.')];
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setPending(true);
    try {
      const answer = await saveHelpPage(id, { path: path.trim(), translations });
      await forgetAnswers(masterHelpPaths.list);
      if (id === null) navigate(href('r_help-pages-page', { helpPageId: answer.id }));
      else {
        onSaved(answer);
        setSaved(true);
      }
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.body?.errors : undefined;
      if (fieldErrors) setErrors(fieldErrors);
      else setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  const remove = async () => {
    try {
      await deleteHelpPage(id!);
      await forgetAnswers(masterHelpPaths.list);
      navigate(href('r_help-pages'));
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const titleError = Object.entries(errors).find(
    ([key]) => key === 'title' || key.endsWith('.title'),
  )?.[1][0];
  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('master.help.page', 'Help page')}
    >
      {saved && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{t('master.saved', 'Saved.')}</MessageBarBody>
        </MessageBar>
      )}
      <ErrorText message={failure} />
      <Field
        label={t('master.help.path', 'Screen path')}
        hint={t(
          'master.help.path-hint',
          'The screen’s address without numbers, such as /levels or /level/edit.',
        )}
        required
        validationMessage={errors['path']?.[0]}
        validationState={errors['path'] ? 'error' : 'none'}
      >
        <Input value={path} maxLength={200} onChange={(_event, data) => setPath(data.value)} />
      </Field>
      <Field label={t('master.help.language', 'Language')}>
        <Dropdown
          value={languages.find((candidate) => candidate.code === language)?.name ?? language}
          selectedOptions={[language]}
          onOptionSelect={(_event, data) => setLanguage(data.optionValue ?? 'en')}
        >
          {languages.map((candidate) => (
            <Option key={candidate.code} value={candidate.code}>
              {candidate.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field
        label={t('master.help.page-title', 'Title')}
        validationMessage={titleError}
        validationState={titleError ? 'error' : 'none'}
      >
        <Input
          value={current.title}
          maxLength={200}
          onChange={(_event, data) => edit({ title: data.value })}
        />
      </Field>
      <RichTextEditor
        key={language + (loaded?.id ?? '')}
        label={t('master.help.content', 'Content')}
        html={current.html}
        onChange={(html) => edit({ html })}
      />
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
        {id !== null && (
          <Button icon={<Delete20Regular aria-hidden />} onClick={() => void remove()}>
            {t('master.delete', 'Delete')}
          </Button>
        )}
      </div>
    </form>
  );
}
