import {
  Body1,
  Button,
  Dropdown,
  Field,
  MessageBar,
  MessageBarBody,
  Option,
  Subtitle2,
} from '@fluentui/react-components';
import { ArrowDownload20Regular, ArrowUpload20Regular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { translationPaths, type ImportTranslationsResult } from '../../../../shared/contract/translations';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useInitialData } from '../../../session/hooks';
import { ErrorText } from '../../../ui/error-text';
import { exportTranslations, forgetAnswers, importTranslations } from '../api';
import { useMasterStyles } from '../master.styles';

/**
 * spec §2 /translations-sync: a language's labels as an i18next JSON file (flat keys) for a
 * translator to work on offline, and the file brought back.
 */
export default function TranslationsSyncScreen() {
  const styles = useMasterStyles();
  const t = useLabel();
  const languages = useInitialData()?.languages ?? [];
  const [language, setLanguage] = useState('fr');
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [result, setResult] = useState<ImportTranslationsResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);

  const download = async () => {
    setBusy('export');
    setFailure(null);
    try {
      const labels = await exportTranslations(language);
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(labels, null, 2)], { type: 'application/json' }),
      );
      const link = document.createElement('a');
      link.href = url;
      link.download = `translations-${language}.json`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const upload = async (chosen: File) => {
    setBusy('import');
    setFailure(null);
    setResult(null);
    try {
      const parsed: unknown = JSON.parse(await chosen.text());
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      const labels = Object.fromEntries(
        Object.entries(parsed as Record<string, unknown>).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
      setResult(await importTranslations({ language_code: language, labels }));
      await forgetAnswers(translationPaths.labels);
    } catch (error) {
      setFailure(
        error instanceof SyntaxError || (error instanceof Error && error.message === 'not an object')
          ? t('master.translations.bad-file', 'This file is not an i18next JSON file.')
          : errorMessage(error),
      );
    } finally {
      setBusy(null);
      if (file.current) file.current.value = '';
    }
  };

  return (
    <div className={styles.page}>
      <Field label={t('master.translations.language', 'Language')}>
        <Dropdown
          value={languages.find((candidate) => candidate.code === language)?.name ?? language}
          selectedOptions={[language]}
          onOptionSelect={(_event, data) => setLanguage(data.optionValue ?? 'fr')}
        >
          {languages.map((candidate) => (
            <Option key={candidate.code} value={candidate.code}>
              {candidate.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <section className={styles.form} aria-labelledby="export-title">
        <Subtitle2 id="export-title">{t('master.translations.export', 'Export')}</Subtitle2>
        <Body1>
          {t(
            'master.translations.export-hint',
            'Download the labels of this language as an i18next JSON file.',
          )}
        </Body1>
        <div className={styles.actions}>
          <Button
            icon={<ArrowDownload20Regular aria-hidden />}
            disabled={busy !== null}
            onClick={() => void download()}
          >
            {t('master.translations.download', 'Download file')}
          </Button>
        </div>
      </section>
      <section className={styles.form} aria-labelledby="import-title">
        <Subtitle2 id="import-title">{t('master.translations.import', 'Import')}</Subtitle2>
        <Body1>
          {t(
            'master.translations.import-hint',
            'Bring back a translated file: the labels it changes are saved, unknown ones listed.',
          )}
        </Body1>
        <input
          ref={file}
          type="file"
          accept="application/json,.json"
          hidden
          aria-hidden
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            if (chosen) void upload(chosen);
          }}
        />
        <div className={styles.actions}>
          <Button
            icon={<ArrowUpload20Regular aria-hidden />}
            disabled={busy !== null}
            onClick={() => file.current?.click()}
          >
            {t('master.translations.upload', 'Choose file')}
          </Button>
        </div>
      </section>
      <ErrorText message={failure} />
      {result && (
        <MessageBar intent={result.unknown.length > 0 ? 'warning' : 'success'} role="status">
          <MessageBarBody>
            {t('master.translations.imported', '{updated} changed, {added} added, {unchanged} unchanged.', {
              updated: result.updated,
              added: result.added,
              unchanged: result.unchanged,
            })}
            {result.unknown.length > 0 &&
              ` ${t('master.translations.unknown', 'Unknown codes left out: {codes}', { codes: result.unknown.join(', ') })}`}
          </MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
