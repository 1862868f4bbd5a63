import {
  Body1,
  Button,
  Caption1,
  Checkbox,
  Field,
  MessageBar,
  MessageBarBody,
  Select,
} from '@fluentui/react-components';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { LEVEL_KINDS, type LevelKind } from '../../../../shared/contract/levels';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { nameError } from '../../../ui/name-translations-field';
import { SubmitButton } from '../../../ui/submit-button';
import { useSubmit } from '../../../ui/use-submit';
import { clearAddDraft, keepInAddDraft, setAddDraftErrors } from '../add-draft';
import { createLevel, deleteLevel, updateLevel, useAllLevels, useMaps } from '../api';
import { createBody, subScreenOf, type LevelSubScreen, type LevelValues } from '../level-values';
import { LevelLoading } from './level-sub-screen';
import { useLevelStyles, useLevelSummaryStyles } from './levels.styles';
import { useLevelEditing, type LevelEditing } from './use-level-editing';

type OwnFields = Pick<
  LevelValues,
  'kind' | 'parent_id' | 'is_declarable' | 'is_directly_declarable' | 'is_default'
>;

const ownFields = (values: LevelValues): OwnFields => ({
  kind: values.kind,
  parent_id: values.parent_id,
  is_declarable: values.is_declarable,
  is_directly_declarable: values.is_directly_declarable,
  is_default: values.is_default,
});

/**
 * spec §2 /level/{level_id?}: add (no id) or edit a level. Here: kind, parent and flags, and a row per
 * sub-screen (names, timezone, country, working hours, floor map) with its current value. Adding,
 * Save creates the level with everything entered on the sub-screens; editing, the sub-screens save
 * themselves and Save here saves this screen's own fields.
 */
export default function LevelScreen() {
  const editing = useLevelEditing();
  const all = useAllLevels();
  if (!editing.values || !editing.session || !all.data) return <LevelLoading />;
  // Editing, this screen's fields start from the saved level each time it is opened.
  return <LevelForm key={editing.id ?? 'new'} editing={editing} values={editing.values} levels={all} />;
}

function LevelForm({
  editing,
  values,
  levels: all,
}: {
  editing: LevelEditing;
  values: LevelValues;
  levels: ReturnType<typeof useAllLevels>;
}) {
  const styles = useLevelStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const { id, level } = editing;
  const session = editing.session!;
  const company = session.company!;
  const [local, setLocal] = useState<OwnFields>(() => ownFields(values));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { pending, failure, run } = useSubmit();
  const own = id === null ? ownFields(values) : local;

  // Adding, what is chosen here must outlive this screen while a sub-screen is open.
  const set = (change: Partial<OwnFields>) => {
    if (id === null) keepInAddDraft(change);
    else setLocal((current) => ({ ...current, ...change }));
  };

  // Not under itself or one of its sublevels.
  const parents = useMemo(() => {
    const excluded = new Set(id === null ? [] : [id, ...(level.data?.all_children ?? [])]);
    return (all.data?.data ?? []).filter((candidate) => !excluded.has(candidate.id));
  }, [all.data, id, level.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    if (id === null) {
      const missing = nameError(
        company.language_id,
        company.language_id,
        values.names[company.language_id] ?? '',
      );
      if (missing) {
        setAddDraftErrors({ [`name-${company.language_id}`]: missing });
        navigate(href('r_level-name-translations'));
        return;
      }
    }
    // Server answers show in the warning modal; a call that got no answer is told here.
    await run(
      async () => {
        if (id === null) {
          await createLevel(createBody(values, session.languages));
          clearAddDraft();
        } else await level.mutate(await updateLevel(id, own), { revalidate: false });
        await all.mutate();
        navigate(href('r_levels'));
      },
      (fieldErrors) => {
        const found = errorsByScreenField(
          fieldErrors,
          editing.namedLanguages(values.names),
          company.language_id,
        );
        setErrors(found);
        if (id === null) setAddDraftErrors(found);
      },
      { failure: 'unanswered' },
    );
  };

  // The warning modal shows the server's reason (sublevels, bookings).
  const remove = () =>
    run(
      async () => {
        if (id === null) return;
        await deleteLevel(id);
        await all.mutate();
        navigate(href('r_levels'));
      },
      undefined,
      { failure: 'unanswered', silent: true },
    );

  const fieldError = (key: string) => ({
    validationMessage: errors[key],
    validationState: errors[key] ? ('error' as const) : ('none' as const),
  });

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={id === null ? t('levels.add', 'Add level') : t('levels.edit', 'Edit level')}
    >
      {id !== null && level.data && (
        <MessageBar intent="info">
          <MessageBarBody>{level.data.path}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.row}>
        <Field label={t('levels.kind', 'Kind')} {...fieldError('kind')}>
          <Select value={own.kind} onChange={(_event, data) => set({ kind: data.value as LevelKind })}>
            {LEVEL_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`levels.kind.${kind}`, kind)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('levels.parent', 'Parent level')} {...fieldError('parent_id')}>
          <Select
            value={own.parent_id === null ? '' : String(own.parent_id)}
            onChange={(_event, data) => set({ parent_id: data.value ? Number(data.value) : null })}
          >
            <option value="">{t('levels.no-parent', 'None (top level)')}</option>
            {parents.map((candidate) => (
              <option key={candidate.id} value={String(candidate.id)}>
                {candidate.path}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <LevelSummary editing={editing} values={values} errors={id === null ? editing.draftErrors : errors} />
      <Checkbox
        label={t('levels.declarable', 'Declarable (can be selected for booking)')}
        checked={own.is_declarable}
        onChange={(_event, data) => set({ is_declarable: data.checked === true })}
      />
      <Checkbox
        label={t('levels.directly-declarable', 'Directly declarable')}
        checked={own.is_directly_declarable}
        onChange={(_event, data) => set({ is_directly_declarable: data.checked === true })}
      />
      <Checkbox
        label={t('levels.default', 'Default level')}
        checked={own.is_default}
        onChange={(_event, data) => set({ is_default: data.checked === true })}
      />
      <ErrorText message={errors.is_default ?? errors.is_declarable ?? errors.is_directly_declarable} />
      <ErrorText message={failure} />
      <div className={styles.actions}>
        {editing.mayWrite && (
          <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
        )}
        {id !== null && can(session.general_permissions, ['LEVELS', 'delete']) && (
          <Button onClick={() => void remove()}>{t('general.actions.delete', 'Delete')}</Button>
        )}
        {id !== null && (
          <AppLink to={href('r_level-qr-code', { level_id: id })}>{t('levels.qr-code', 'QR code')}</AppLink>
        )}
      </div>
    </form>
  );
}

/**
 * The server's field errors by what this screen shows them at: a translation's ('translations.2.name')
 * at its language's name (`name-{language_id}`), a missing list at the company language's name.
 */
function errorsByScreenField(
  fieldErrors: Readonly<Record<string, string[]>>,
  named: readonly { id: number }[],
  companyLanguageId: number,
): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const match = /^translations\.(\d+)\./.exec(field);
    const key = match
      ? `name-${named[Number(match[1])]?.id}`
      : field === 'translations'
        ? `name-${companyLanguageId}`
        : field;
    if (messages[0]) found[key] = messages[0];
  }
  return found;
}

/** One row per sub-screen: its name (a link to it), what it holds now, and an error Save found. */
function LevelSummary({
  editing,
  values,
  errors,
}: {
  editing: LevelEditing;
  values: LevelValues;
  errors: Readonly<Record<string, string>>;
}) {
  const styles = useLevelSummaryStyles();
  const t = useLabel();
  const maps = useMaps();
  const session = editing.session!;
  const params = editing.id === null ? {} : { level_id: editing.id };
  const named = editing.namedLanguages(values.names);
  const country = session.countries.find((entry) => entry.id === values.country_id);
  const map = maps.data?.data.find((entry) => entry.id === values.map_id);
  const errorFor = (screen: string) =>
    Object.entries(errors).find(
      ([field]) => (field.startsWith('name-') ? 'name-translations' : subScreenOf(field)) === screen,
    )?.[1];

  const rows: Array<{ screen: LevelSubScreen; label: string; value: string }> = [
    {
      screen: 'name-translations',
      label: t('levels.name-translations', 'Name translations'),
      value:
        named.length === 0
          ? t('levels.no-name', 'No name yet')
          : named.map((language) => values.names[language.id]!.trim()).join(' · '),
    },
    {
      screen: 'timezone',
      label: t('levels.timezone', 'Timezone'),
      value: values.timezone.replace(/_/g, ' '),
    },
    {
      screen: 'country',
      label: t('levels.country', 'Country'),
      value: country?.name ?? t('levels.no-country', 'No country'),
    },
    {
      screen: 'working-hours',
      label: t('levels.working-hours', 'Working hours'),
      value: `${values.working_hours_from} – ${values.working_hours_to}`,
    },
    {
      screen: 'map',
      label: t('levels.map', 'Floor map'),
      value: values.map_id === null ? t('levels.no-map', 'No floor map') : (map?.name ?? '…'),
    },
  ];
  return (
    <ul className={styles.list} aria-label={t('levels.settings', 'Settings')}>
      {rows.map((row) => {
        const error = errorFor(row.screen);
        return (
          <li key={row.screen} className={styles.row}>
            <AppLink to={href(`r_level-${row.screen}`, params)}>{row.label}</AppLink>
            <Body1 className={styles.value}>{row.value}</Body1>
            {error && <Caption1 className={styles.error}>{error}</Caption1>}
          </li>
        );
      })}
    </ul>
  );
}
