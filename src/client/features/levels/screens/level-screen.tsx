import {
  Button,
  Checkbox,
  Field,
  Input,
  Label,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Select,
  useId,
} from '@fluentui/react-components';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { LEVEL_KINDS, type Level, type LevelKind } from '../../../../shared/contract/levels';
import { can } from '../../../../shared/permissions/can';
import { MESSAGES } from '../../../../shared/validation/messages';
import { ApiError } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/table';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { NameTranslationsField } from '../../../ui/name-translations-field';
import { SubmitButton } from '../../../ui/submit-button';
import {
  createLevel,
  deleteLevel,
  readAsBase64,
  updateLevel,
  uploadMap,
  useAllLevels,
  useLevel,
  useMaps,
} from '../api';
import { useLevelStyles } from './levels.styles';

interface Draft {
  kind: LevelKind;
  parent_id: string;
  timezone: string;
  country_id: string;
  from: string;
  to: string;
  map_id: string;
  is_declarable: boolean;
  is_directly_declarable: boolean;
  is_default: boolean;
  names: Record<number, string>;
}

function draftOf(level: Level | undefined, timezone: string, countryId: number): Draft {
  return {
    kind: level?.kind ?? 'floor',
    parent_id: level?.parent_id ? String(level.parent_id) : '',
    timezone: level?.timezone ?? timezone,
    country_id: String(level?.country_id ?? countryId),
    from: level?.working_hours_from ?? '08:00',
    to: level?.working_hours_to ?? '18:00',
    map_id: level?.map_id ? String(level.map_id) : '',
    is_declarable: level?.is_declarable ?? false,
    is_directly_declarable: level?.is_directly_declarable ?? false,
    is_default: level?.is_default ?? false,
    names: Object.fromEntries((level?.translations ?? []).map((t) => [t.language_id, t.name])),
  };
}

/**
 * spec §2 /level/{level_id?}: add (no id) or edit a level: kind, parent, names in every language,
 * timezone, country, working hours, floor map (choose or upload), flags; edit adds the QR code.
 */
export default function LevelScreen() {
  const styles = useLevelStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const { level_id } = useParams();
  const id = level_id ? Number(level_id) : null;
  const session = useInitialData();
  const level = useLevel(id);
  const all = useAllLevels();
  const maps = useMaps();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const company = session?.company;
  const uploadId = useId('map-upload');

  useEffect(() => {
    if (!company || (id !== null && !level.data)) return;
    setDraft(draftOf(level.data, company.timezone, company.country_id));
  }, [company, id, level.data]);

  // Not under itself or one of its sublevels.
  const parents = useMemo(() => {
    const excluded = new Set(id === null ? [] : [id, ...(level.data?.all_children ?? [])]);
    return (all.data?.data ?? []).filter((candidate) => !excluded.has(candidate.id));
  }, [all.data, id, level.data]);

  if (!session || !company || !draft || !all.data || !maps.data)
    return <Loader label={t('general.loading', 'Loading…')} />;
  const mayWrite = can(
    session.general_permissions,
    id === null ? ['LEVELS', 'create'] : ['LEVELS', 'update'],
  );
  const languages = session.languages;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft({ ...draft, [key]: value });
  const named = languages.filter((language) => (draft.names[language.id] ?? '').trim() !== '');

  const upload = async (file: File) => {
    setFailure(null);
    setProgress(0);
    try {
      const content = await readAsBase64(file, (share) => setProgress(share * 0.5));
      setProgress(0.6);
      const map = await uploadMap(file.name.replace(/\.[^.]+$/, '') || file.name, content);
      setProgress(1);
      await maps.mutate();
      setDraft((current) => (current ? { ...current, map_id: String(map.id) } : current));
    } catch (error) {
      if (error instanceof ApiError && error.body?.errors?.content_base64)
        setErrors((current) => ({ ...current, map_id: error.body!.errors!.content_base64![0]! }));
      else setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (named.length === 0) {
      setErrors({ [`name-${company.language_id}`]: MESSAGES.required });
      return;
    }
    setErrors({});
    setPending(true);
    const body = {
      kind: draft.kind,
      parent_id: draft.parent_id ? Number(draft.parent_id) : null,
      timezone: draft.timezone,
      country_id: draft.country_id ? Number(draft.country_id) : null,
      working_hours_from: draft.from,
      working_hours_to: draft.to,
      map_id: draft.map_id ? Number(draft.map_id) : null,
      is_declarable: draft.is_declarable,
      is_directly_declarable: draft.is_directly_declarable,
      is_default: draft.is_default,
      translations: named.map((language) => ({ language_id: language.id, name: draft.names[language.id]! })),
    };
    try {
      if (id === null) await createLevel(body);
      else await level.mutate(await updateLevel(id, body), { revalidate: false });
      await all.mutate();
      navigate(href('r_levels'));
    } catch (error) {
      if (error instanceof ApiError && error.body?.errors) {
        const found: Record<string, string> = {};
        for (const [field, messages] of Object.entries(error.body.errors)) {
          const match = /^translations\.(\d+)\./.exec(field);
          const key = match ? `name-${named[Number(match[1])]?.id}` : field;
          if (messages[0]) found[key] = messages[0];
        }
        setErrors(found);
      }
    } finally {
      setPending(false);
    }
  };

  const remove = async () => {
    if (id === null) return;
    try {
      await deleteLevel(id);
      await all.mutate();
      navigate(href('r_levels'));
    } catch {
      // The warning modal shows the server's reason (sublevels, bookings).
    }
  };

  const fieldError = (key: string) => ({
    validationMessage: errors[key],
    validationState: errors[key] ? ('error' as const) : ('none' as const),
  });
  const nameErrors = Object.fromEntries(
    languages.map((language) => [language.id, errors[`name-${language.id}`]]),
  );

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
          <Select value={draft.kind} onChange={(_event, data) => set('kind', data.value as LevelKind)}>
            {LEVEL_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`levels.kind.${kind}`, kind)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('levels.parent', 'Parent level')} {...fieldError('parent_id')}>
          <Select value={draft.parent_id} onChange={(_event, data) => set('parent_id', data.value)}>
            <option value="">{t('levels.no-parent', 'None (top level)')}</option>
            {parents.map((candidate) => (
              <option key={candidate.id} value={String(candidate.id)}>
                {candidate.path}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <NameTranslationsField
        legend={t('levels.name-translations', 'Name translations')}
        languages={languages}
        requiredLanguageId={company.language_id}
        values={draft.names}
        errors={nameErrors}
        onValueChange={(languageId, value) => set('names', { ...draft.names, [languageId]: value })}
        onCommit={() => undefined}
      />
      <div className={styles.row}>
        <Field label={t('levels.timezone', 'Timezone')} {...fieldError('timezone')}>
          <Select value={draft.timezone} onChange={(_event, data) => set('timezone', data.value)}>
            {session.timezones.map((zone) => (
              <option key={zone.name} value={zone.name}>
                {zone.name.replace(/_/g, ' ')}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('levels.country', 'Country')} {...fieldError('country_id')}>
          <Select value={draft.country_id} onChange={(_event, data) => set('country_id', data.value)}>
            {session.countries.map((country) => (
              <option key={country.id} value={String(country.id)}>
                {country.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <fieldset className={styles.row}>
        <legend>{t('levels.working-hours', 'Working hours')}</legend>
        <Field label={t('levels.working-hours-from', 'From')} {...fieldError('working_hours_from')}>
          <Input type="time" value={draft.from} onChange={(_event, data) => set('from', data.value)} />
        </Field>
        <Field label={t('levels.working-hours-to', 'To')} {...fieldError('working_hours_to')}>
          <Input type="time" value={draft.to} onChange={(_event, data) => set('to', data.value)} />
        </Field>
      </fieldset>
      <Field label={t('levels.map', 'Floor map')} {...fieldError('map_id')}>
        <Select value={draft.map_id} onChange={(_event, data) => set('map_id', data.value)}>
          <option value="">{t('levels.no-map', 'No floor map')}</option>
          {maps.data.data.map((map) => (
            <option key={map.id} value={String(map.id)}>
              {map.name}
            </option>
          ))}
        </Select>
      </Field>
      {mayWrite && (
        <div className={styles.upload}>
          {/* A native file input: Fluent's Field labels only its own controls. */}
          <Label htmlFor={uploadId}>
            {t('levels.upload-map', 'Upload a floor map (PNG, JPEG or SVG, at most 5 MB)')}
          </Label>
          <input
            id={uploadId}
            type="file"
            accept="image/png,image/jpeg,image/svg+xml"
            disabled={progress !== null}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void upload(file);
            }}
          />
        </div>
      )}
      {progress !== null && <ProgressBar value={progress} aria-label={t('levels.uploading', 'Uploading…')} />}
      <Checkbox
        label={t('levels.declarable', 'Declarable (can be selected for booking)')}
        checked={draft.is_declarable}
        onChange={(_event, data) => set('is_declarable', data.checked === true)}
      />
      <Checkbox
        label={t('levels.directly-declarable', 'Directly declarable')}
        checked={draft.is_directly_declarable}
        onChange={(_event, data) => set('is_directly_declarable', data.checked === true)}
      />
      <Checkbox
        label={t('levels.default', 'Default level')}
        checked={draft.is_default}
        onChange={(_event, data) => set('is_default', data.checked === true)}
      />
      <ErrorText message={failure} />
      <div className={styles.actions}>
        {mayWrite && <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>}
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
