import {
  Body1,
  Button,
  Checkbox,
  Dropdown,
  Field,
  Input,
  Label,
  MessageBar,
  MessageBarBody,
  Option,
  ProgressBar,
  Switch,
  useId,
} from '@fluentui/react-components';
import { Delete20Regular, DocumentPdf20Regular, People20Regular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  DOCUMENT_PDF_MAX_BYTES,
  PDF_TOO_LARGE,
  type CompanyDocument,
  type SaveDocumentBody,
} from '../../../../shared/contract/company-documents';
import { ApiError, errorMessage } from '../../../api/errors';
import { readAsBase64 } from '../../../api/files';
import { useLabel } from '../../../i18n/i18n';
import { sayMessage } from '../../../i18n/messages';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { RichTextEditor } from '../../master/components/rich-text-editor';
import { deleteDocument, documentPdf, openFile, saveDocument, useDocument } from '../api';
import { applicationChoices } from '../application-names';
import { useDocumentStyles } from '../documents.styles';

type Content = Record<string, { name: string; content: string }>;
type PdfChoice = { file_name: string; content_base64: string } | null | undefined;

/** A date-time input's value ('2026-12-03T09:30') in the browser's zone. */
function localInput(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** spec §2 /company-documents add and edit/{documentId}: name and text per language, applications, publish date, PDF. */
export default function DocumentFormScreen() {
  const t = useLabel();
  const raw = Number(useParams()['documentId']);
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const document = useDocument(id);
  if (document.error) return <ErrorText message={errorMessage(document.error)} />;
  if (id !== null && !document.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <DocumentForm
      key={document.data ? `${document.data.id}-${document.data.version}` : 'new'}
      id={id}
      loaded={document.data ?? null}
      onSaved={(saved) => void document.mutate(saved, { revalidate: false })}
    />
  );
}

function DocumentForm({
  id,
  loaded,
  onSaved,
}: {
  id: number | null;
  loaded: CompanyDocument | null;
  onSaved(document: CompanyDocument): void;
}) {
  const styles = useDocumentStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData();
  const languages = session?.languages ?? [];
  const [language, setLanguage] = useState(session?.user.language?.code ?? 'en');
  const [content, setContent] = useState<Content>(() =>
    Object.fromEntries(
      (loaded?.translations ?? []).map((tr) => [tr.language_code, { name: tr.name, content: tr.content }]),
    ),
  );
  const [applications, setApplications] = useState<number[]>(loaded?.application_ids ?? []);
  const [publishAt, setPublishAt] = useState(localInput(loaded?.publish_date ?? new Date().toISOString()));
  const [pdf, setPdf] = useState<PdfChoice>(undefined);
  const [reading, setReading] = useState<number | null>(null);
  const [newVersion, setNewVersion] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const applicationsLabel = useId('applications');
  const pdfInput = useId('pdf');
  const current = content[language] ?? { name: '', content: '' };
  const edit = (change: Partial<{ name: string; content: string }>) =>
    setContent((previous) => ({ ...previous, [language]: { ...current, ...change } }));
  const required = t('general.validation.required', 'This field is required.');
  const firstError = (test: (key: string) => boolean) =>
    Object.entries(errors).find(([key]) => test(key))?.[1][0];
  const pdfName = pdf === undefined ? (loaded?.pdf_name ?? null) : (pdf?.file_name ?? null);

  const pickPdf = async (file: File) => {
    setErrors((previous) => ({ ...previous, pdf: [] }));
    if (file.size > DOCUMENT_PDF_MAX_BYTES) {
      setErrors((previous) => ({ ...previous, pdf: [sayMessage(PDF_TOO_LARGE)] }));
      return;
    }
    setReading(0);
    try {
      setPdf({ file_name: file.name, content_base64: await readAsBase64(file, setReading) });
    } catch (error) {
      setErrors((previous) => ({ ...previous, pdf: [errorMessage(error)] }));
    } finally {
      setReading(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setFailure(null);
    const translations = Object.entries(content)
      .filter(([, value]) => value.name.trim() || value.content.replace(/<[^>]*>/g, '').trim())
      .map(([language_code, value]) => ({ language_code, name: value.name.trim(), content: value.content }));
    const local: Record<string, string[]> = {};
    if (translations.length === 0) local['name'] = [required];
    translations.forEach((translation, index) => {
      if (!translation.name) local[`translations.${index}.name`] = [required];
    });
    if (applications.length === 0) local['application_ids'] = [required];
    const publishDate = new Date(publishAt);
    if (Number.isNaN(publishDate.getTime())) local['publish_date'] = [required];
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const body: SaveDocumentBody = {
      translations,
      application_ids: applications,
      publish_date: publishDate.toISOString(),
      ...(pdf === undefined ? {} : { pdf }),
      ...(id !== null && newVersion ? { new_version: true } : {}),
    };
    setPending(true);
    try {
      const answer = await saveDocument(id, body);
      if (id === null) navigate(href('r_company-documents-edit', { documentId: String(answer.id) }));
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
      await deleteDocument(id!);
      navigate(href('r_company-documents'));
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const nameError = firstError((key) => key === 'name' || key.endsWith('.name'));
  const contentError = firstError((key) => key === 'content' || key.endsWith('.content'));
  const pdfError = firstError((key) => key.startsWith('pdf'));
  const applicationsError = firstError((key) => key.startsWith('application_ids'));
  const publishError = firstError((key) => key === 'publish_date');
  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('documents.document', 'Document')}
    >
      {saved && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{t('documents.saved', 'Saved.')}</MessageBarBody>
        </MessageBar>
      )}
      <ErrorText message={failure} />
      {loaded && (
        <div className={styles.actions}>
          <Body1>{t('documents.version-n', 'Version {version}', { version: loaded.version })}</Body1>
          <AppLink to={href('r_company-documents-edit-acceptances', { documentId: String(loaded.id) })}>
            <People20Regular aria-hidden /> {t('documents.who-accepted', 'Who accepted')}
          </AppLink>
        </div>
      )}
      <Field label={t('documents.language', 'Language')}>
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
        label={t('documents.name', 'Name')}
        required
        validationMessage={nameError}
        validationState={nameError ? 'error' : 'none'}
      >
        <Input value={current.name} maxLength={200} onChange={(_event, data) => edit({ name: data.value })} />
      </Field>
      <RichTextEditor
        key={language + (loaded ? `${loaded.id}-${loaded.version}` : '')}
        label={t('documents.content', 'Text')}
        html={current.content}
        onChange={(html) => edit({ content: html })}
      />
      {contentError && <ErrorText message={contentError} />}
      {/* Not a Field: a Field would name every checkbox after itself. */}
      <div role="group" aria-labelledby={applicationsLabel} className={styles.form}>
        <Label id={applicationsLabel} required>
          {t('documents.applications', 'Applications it applies to')}
        </Label>
        <div className={styles.applications}>
          {applicationChoices(t).map((application) => (
            <Checkbox
              key={application.id}
              label={application.name}
              checked={applications.includes(application.id)}
              onChange={(_event, data) =>
                setApplications((previous) =>
                  data.checked
                    ? [...previous, application.id]
                    : previous.filter((other) => other !== application.id),
                )
              }
            />
          ))}
        </div>
        {applicationsError && <ErrorText message={applicationsError} />}
      </div>
      <Field
        label={t('documents.publish-date', 'Publish date')}
        hint={t('documents.publish-hint', 'People are asked to accept it from then on.')}
        validationMessage={publishError}
        validationState={publishError ? 'error' : 'none'}
      >
        <Input
          type="datetime-local"
          value={publishAt}
          onChange={(_event, data) => setPublishAt(data.value)}
        />
      </Field>
      <div className={styles.form}>
        {/* A native file input: Fluent's Field labels only its own controls. */}
        <Label htmlFor={pdfInput}>{t('documents.pdf', 'PDF (optional, at most 5 MB)')}</Label>
        <input
          id={pdfInput}
          type="file"
          accept="application/pdf,.pdf"
          disabled={reading !== null}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void pickPdf(file);
          }}
        />
        {pdfError && <ErrorText message={pdfError} />}
      </div>
      {reading !== null && (
        <ProgressBar value={reading} aria-label={t('documents.reading-pdf', 'Reading the PDF…')} />
      )}
      {pdfName && (
        <div className={styles.actions}>
          <Body1>{t('documents.attached', 'Attached: {name}', { name: pdfName })}</Body1>
          {pdf === undefined && loaded?.pdf_name && (
            <Button
              icon={<DocumentPdf20Regular aria-hidden />}
              onClick={() =>
                void documentPdf(loaded.id).then((blob) => openFile(blob, loaded.pdf_name!, 'open'))
              }
            >
              {t('documents.open-pdf', 'Open PDF')}
            </Button>
          )}
          <Button icon={<Delete20Regular aria-hidden />} onClick={() => setPdf(null)}>
            {t('documents.remove-pdf', 'Remove PDF')}
          </Button>
        </div>
      )}
      {id !== null && (
        <Switch
          checked={newVersion}
          onChange={(_event, data) => setNewVersion(data.checked)}
          label={t('documents.new-version', 'New version: ask everyone to accept it again')}
        />
      )}
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
        {id !== null && (
          <Button icon={<Delete20Regular aria-hidden />} onClick={() => void remove()}>
            {t('documents.delete', 'Delete')}
          </Button>
        )}
      </div>
    </form>
  );
}
