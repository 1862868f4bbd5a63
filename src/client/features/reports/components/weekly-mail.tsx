import { Body1, Button, Checkbox, Field, Select, Subtitle2, Text } from '@fluentui/react-components';
import { MailOff16Regular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import type { ReportPreset, ReportSection } from '../../../../shared/contract/reports';
import { ApiError, errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { ErrorText } from '../../../ui/error-text';
import {
  stopReportSubscription,
  subscribeReport,
  updateReportSubscription,
  useReportSubscriptions,
} from '../api';
import { WEEKDAYS } from '../weekdays';
import { useReportStyles } from './reports.styles';

type FieldErrors = Partial<Record<'preset_id' | 'weekday' | 'hour', string>>;
const HOURS = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}:00`);

/**
 * Weekly report mails (issue 44): one of this report's presets mailed on a weekday and hour of the
 * user's clock, the CSV attached or not; the report's mails listed, each stopped on its own. Saving
 * for a preset that has a mail changes it.
 */
export function WeeklyMail({ section, presets }: { section: ReportSection; presets: ReportPreset[] }) {
  const styles = useReportStyles();
  const t = useLabel();
  const when = useWhen();
  const subscriptions = useReportSubscriptions();
  const [presetId, setPresetId] = useState<number | null>(null);
  const [weekday, setWeekday] = useState(0);
  const [hour, setHour] = useState(7);
  const [attach, setAttach] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const mine = (subscriptions.data?.data ?? []).filter((subscription) => subscription.section === section);
  const chosen = presetId ?? presets[0]?.id ?? null;
  const existing = mine.find((subscription) => subscription.preset_id === chosen);
  const dayName = (index: number) => t(...WEEKDAYS[index]!);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setFailure(null);
    if (chosen === null) {
      setErrors({ preset_id: t('reports.mail.no-preset', 'Save a preset first.') });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = existing
        ? await updateReportSubscription(existing.id, { weekday, hour, attach_csv: attach })
        : await subscribeReport({ preset_id: chosen, weekday, hour, attach_csv: attach });
      setDone(
        t('reports.mail.saved', '“{name}” will be mailed every {day} at {hour}.', {
          name: saved.preset_name,
          day: dayName(saved.weekday),
          hour: HOURS[saved.hour]!,
        }),
      );
      await subscriptions.mutate();
    } catch (error) {
      const fields = error instanceof ApiError ? error.body?.errors : undefined;
      if (fields && (fields.preset_id || fields.weekday || fields.hour))
        setErrors({ preset_id: fields.preset_id?.[0], weekday: fields.weekday?.[0], hour: fields.hour?.[0] });
      else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const stop = async (id: number) => {
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      await stopReportSubscription(id);
      await subscriptions.mutate();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const stateOf = (message: string | undefined) =>
    ({ validationState: message ? 'error' : 'none', validationMessage: message }) as const;
  return (
    <section className={styles.section} aria-labelledby="report-weekly-mail">
      <Subtitle2 as="h2" id="report-weekly-mail">
        {t('reports.mail.title', 'Weekly mail')}
      </Subtitle2>
      <Body1>
        {t(
          'reports.mail.explain',
          'A preset’s report for the seven days before, mailed to you every week in your language.',
        )}
      </Body1>
      <form className={styles.form} onSubmit={(event) => void save(event)} noValidate>
        <Field label={t('reports.mail.preset', 'Preset')} required {...stateOf(errors.preset_id)}>
          <Select
            value={chosen === null ? '' : String(chosen)}
            disabled={presets.length === 0}
            onChange={(_event, data) => setPresetId(Number(data.value))}
          >
            {presets.map((preset) => (
              <option key={preset.id} value={preset.id}>
                {preset.name}
              </option>
            ))}
          </Select>
        </Field>
        <div className={styles.row}>
          <Field label={t('reports.mail.day', 'Day')} {...stateOf(errors.weekday)}>
            <Select value={String(weekday)} onChange={(_event, data) => setWeekday(Number(data.value))}>
              {WEEKDAYS.map((_, index) => (
                <option key={index} value={index}>
                  {dayName(index)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('reports.mail.hour', 'Hour')} {...stateOf(errors.hour)}>
            <Select value={String(hour)} onChange={(_event, data) => setHour(Number(data.value))}>
              {HOURS.map((label, index) => (
                <option key={label} value={index}>
                  {label}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Checkbox
          checked={attach}
          onChange={(_event, data) => setAttach(data.checked === true)}
          label={t('reports.mail.attach', 'Attach the figures as CSV')}
        />
        <Button appearance="primary" type="submit" disabled={busy}>
          {existing
            ? t('reports.mail.change', 'Change the weekly mail')
            : t('reports.mail.subscribe', 'Mail me weekly')}
        </Button>
        {done && (
          <Text role="status" aria-live="polite">
            {done}
          </Text>
        )}
      </form>
      <ErrorText message={failure ?? subscriptions.error?.message} />
      {mine.length === 0 ? (
        <Text>{t('reports.mail.none', 'No weekly mail for this report.')}</Text>
      ) : (
        <ul className={styles.list} aria-label={t('reports.mail.list', 'Weekly mails of this report')}>
          {mine.map((subscription) => (
            <li key={subscription.id} className={styles.listItem}>
              <Text>
                {t('reports.mail.entry', '{name}: every {day} at {hour}, next on {next}', {
                  name: subscription.preset_name,
                  day: dayName(subscription.weekday),
                  hour: HOURS[subscription.hour]!,
                  next: when.date(subscription.next_at),
                })}
                {subscription.attach_csv ? ` ${t('reports.mail.with-csv', '(with CSV)')}` : ''}
              </Text>
              <Button
                size="small"
                icon={<MailOff16Regular />}
                disabled={busy}
                aria-label={t('reports.mail.stop', 'Stop the weekly mail of {name}', {
                  name: subscription.preset_name,
                })}
                onClick={() => void stop(subscription.id)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
