import { Button, Field, Input, Subtitle2, Text } from '@fluentui/react-components';
import {
  ArrowDown16Regular,
  ArrowUp16Regular,
  Checkmark16Regular,
  Delete16Regular,
} from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import type { ReportFilter } from '../../../../shared/reports/filters';
import { validateValue } from '../../../../shared/validation';
import { ApiError, errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { activatePreset, deletePreset, orderPresets, savePreset, useReportPresets } from '../api';
import { useReportStyles } from '../components/reports.styles';
import { WeeklyMail } from '../components/weekly-mail';
import { setReportFilters, useReportFilters } from '../filter-store';
import { useCurrentReport } from '../use-report';

/**
 * spec §2 save-preset: the report's filters saved under a name (spec §5: presets need a name), and
 * the user's presets of this report: select one (spec §4: the others are deselected), move, delete;
 * and a preset mailed weekly (issue 44).
 */
export default function SavePresetScreen() {
  const styles = useReportStyles();
  const t = useLabel();
  const report = useCurrentReport();
  const [filters] = useReportFilters(report.section);
  const presets = useReportPresets(report.section);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
      await presets.mutate();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateValue(name, 'required');
    setNameError(problem);
    if (problem || !filters) return;
    setBusy(true);
    setFailure(null);
    try {
      const preset = await savePreset(report.section, name.trim(), filters);
      setSaved(t('reports.preset-saved', 'Preset “{name}” saved and selected.', { name: preset.name }));
      setName('');
      await presets.mutate();
    } catch (error) {
      const fields = error instanceof ApiError ? error.body?.errors : undefined;
      if (fields?.name) setNameError(fields.name[0] ?? null);
      else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const list = presets.data?.data ?? [];
  const move = (index: number, by: number) => {
    const ids = list.map((preset) => preset.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    void run(() => orderPresets(report.section, ids));
  };

  if (!filters) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <div className={styles.page}>
      <form className={styles.form} onSubmit={(event) => void save(event)} noValidate>
        <Field
          label={t('reports.preset-name', 'Name')}
          required
          validationState={nameError ? 'error' : 'none'}
          validationMessage={nameError ?? undefined}
        >
          <Input
            value={name}
            maxLength={120}
            // Cleared while typing, not on blur: a message vanishing on blur moved the Save button
            // from under the pointer between press and release, and the click was lost.
            onChange={(_event, data) => {
              setName(data.value);
              if (nameError) setNameError(null);
            }}
          />
        </Field>
        <Button appearance="primary" type="submit" disabled={busy}>
          {t('reports.save-preset', 'Save preset')}
        </Button>
        {saved && (
          <Text role="status" aria-live="polite">
            {saved}
          </Text>
        )}
      </form>
      <ErrorText message={failure ?? presets.error?.message} />
      <section className={styles.section} aria-labelledby="report-presets">
        <Subtitle2 as="h2" id="report-presets">
          {t('reports.presets', 'Saved presets')}
        </Subtitle2>
        {list.length === 0 ? (
          <Text>{t('reports.no-presets', 'No preset saved yet.')}</Text>
        ) : (
          <ul className={styles.list}>
            {list.map((preset, index) => (
              <li key={preset.id} className={styles.listItem}>
                <Text weight={preset.is_active ? 'semibold' : 'regular'}>
                  {preset.is_active
                    ? t('reports.preset-active', '{name} (selected)', { name: preset.name })
                    : preset.name}
                </Text>
                <Button
                  size="small"
                  icon={<Checkmark16Regular />}
                  disabled={busy || preset.is_active}
                  onClick={() =>
                    void run(async () => {
                      const active = await activatePreset(preset.id);
                      setReportFilters(report.section, active.preset.filters as ReportFilter[]);
                    })
                  }
                >
                  {t('reports.preset-select', 'Select')}
                </Button>
                <Button
                  size="small"
                  icon={<ArrowUp16Regular />}
                  disabled={busy || index === 0}
                  aria-label={t('reports.preset-up', 'Move {name} up', { name: preset.name })}
                  onClick={() => move(index, -1)}
                />
                <Button
                  size="small"
                  icon={<ArrowDown16Regular />}
                  disabled={busy || index === list.length - 1}
                  aria-label={t('reports.preset-down', 'Move {name} down', { name: preset.name })}
                  onClick={() => move(index, 1)}
                />
                <Button
                  size="small"
                  icon={<Delete16Regular />}
                  disabled={busy}
                  aria-label={t('reports.preset-delete', 'Delete {name}', { name: preset.name })}
                  onClick={() => void run(() => deletePreset(preset.id))}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <WeeklyMail section={report.section} presets={list} />
    </div>
  );
}
