import { useState } from 'react';
import { useLabel } from '../../../i18n/i18n';
import { NameTranslationsField, nameError, type NameValues } from '../../../ui/name-translations-field';
import { LevelLoading, LevelSubScreenForm } from './level-sub-screen';
import { useLevelEditing, useSubScreenSubmit, type LevelEditing } from './use-level-editing';

/** spec §2 /level name-translations: the level's name in each company language (the company's required). */
export default function LevelNameTranslationsScreen() {
  const editing = useLevelEditing();
  if (!editing.values || !editing.session) return <LevelLoading />;
  return <NamesForm editing={editing} initial={editing.values.names} />;
}

function NamesForm({ editing, initial }: { editing: LevelEditing; initial: NameValues }) {
  const t = useLabel();
  const session = editing.session!;
  const required = session.company!.language_id;
  const [names, setNames] = useState<NameValues>(initial);
  const [checked, setChecked] = useState<Record<number, string | undefined> | null>(null);
  const form = useSubScreenSubmit(editing);

  // The server numbers translations in the order sent: the named languages.
  const sent = editing.namedLanguages(names);
  const serverErrors: Record<number, string | undefined> = {};
  for (const [field, messages] of Object.entries(form.errors ?? {})) {
    const match = /^translations\.(\d+)\./.exec(field);
    const language = match ? sent[Number(match[1])] : field === 'translations' ? { id: required } : undefined;
    if (language && messages[0]) serverErrors[language.id] = messages[0];
  }
  const fromDraft = Object.fromEntries(
    session.languages.map((language) => [language.id, editing.draftErrors[`name-${language.id}`]]),
  );
  const errors = form.errors ? serverErrors : (checked ?? fromDraft);

  const submit = () => {
    const missing = nameError(required, required, names[required] ?? '');
    if (missing) {
      setChecked({ [required]: missing });
      return;
    }
    setChecked({});
    void form.submit({ names }, ['name-']);
  };

  return (
    <LevelSubScreenForm
      title={t('levels.name-translations', 'Name translations')}
      mayWrite={editing.mayWrite}
      pending={form.pending}
      failure={form.failure}
      onSubmit={submit}
    >
      <NameTranslationsField
        legend={t('levels.name-translations', 'Name translations')}
        languages={session.languages}
        requiredLanguageId={required}
        values={names}
        errors={errors}
        onValueChange={(languageId, value) => setNames((current) => ({ ...current, [languageId]: value }))}
        onCommit={(languageId, value) =>
          setChecked((current) => ({
            ...(current ?? fromDraft),
            [languageId]: nameError(languageId, required, value),
          }))
        }
      />
    </LevelSubScreenForm>
  );
}
