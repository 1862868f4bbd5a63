import { Body1, Checkbox, Field, Input, Select, Switch } from '@fluentui/react-components';
import { useMemo } from 'react';
import type { SchedulerRecurrence } from '../../../../shared/contract/scheduler';
import { expandSchedulerRecurrence, SCHEDULER_RECURRENCE_TYPES } from '../../../../shared/time/recurrence';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { ErrorText } from '../../../ui/error-text';
import { browserZone } from '../../../../shared/time/zone';
import { defaultRecurrence, updateDraft, useSchedulerDraft, WEEKDAYS } from '../scheduler-state';
import { useSchedulerStyles } from '../scheduler.styles';

/** spec §2 r_scheduler-date-time: the (first) day, start and end on the meeting's clock, or all day. */
export function DateTimeScreen() {
  const styles = useSchedulerStyles();
  const t = useLabel();
  const draft = useSchedulerDraft();
  const { date, startTime, endTime } = draft.dateTime;
  const setDate = (value: string) =>
    updateDraft((d) => ({
      ...d,
      dateTime: { ...d.dateTime, date: value },
      // A series starts on the meeting's day.
      recurrence: d.recurrence && {
        ...d.recurrence,
        dateRange: {
          start: value,
          end: d.recurrence.dateRange.end < value ? value : d.recurrence.dateRange.end,
        },
      },
    }));
  return (
    <div className={styles.form}>
      <Field label={t('scheduler.date', 'Date')} required>
        <Input type="date" value={date} onChange={(_event, data) => data.value && setDate(data.value)} />
      </Field>
      <Switch
        label={t('scheduler.all-day', 'All day')}
        checked={draft.allDay}
        onChange={(_event, data) => updateDraft((d) => ({ ...d, allDay: data.checked }))}
      />
      {!draft.allDay && (
        <div className={styles.inline}>
          <Field label={t('scheduler.start', 'Start')} required>
            <Input
              type="time"
              value={startTime}
              onChange={(_event, data) =>
                data.value &&
                updateDraft((d) => ({ ...d, dateTime: { ...d.dateTime, startTime: data.value } }))
              }
            />
          </Field>
          <Field
            label={t('scheduler.end', 'End')}
            required
            hint={endTime <= startTime ? t('scheduler.ends-next-day', 'Ends the next day.') : undefined}
          >
            <Input
              type="time"
              value={endTime}
              onChange={(_event, data) =>
                data.value && updateDraft((d) => ({ ...d, dateTime: { ...d.dateTime, endTime: data.value } }))
              }
            />
          </Field>
        </div>
      )}
      {draft.allDay && (
        <Body1>
          {t('scheduler.all-day-hint', 'The rooms are booked for their working hours of the day.')}
        </Body1>
      )}
    </div>
  );
}

/** spec §2 r_scheduler-timezone: the zone the meeting's date and times are read in (spec §9: the browser's by default). */
export function TimezoneScreen() {
  const styles = useSchedulerStyles();
  const t = useLabel();
  const draft = useSchedulerDraft();
  const zones = useMemo(() => {
    const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    return [...new Set([draft.timezone, browserZone(), 'UTC', ...known])].sort();
  }, [draft.timezone]);
  return (
    <div className={styles.form}>
      <Field label={t('scheduler.timezone', 'Time zone')}>
        <Select
          value={draft.timezone}
          onChange={(_event, data) => updateDraft((d) => ({ ...d, timezone: data.value }))}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}

const TYPE_NAMES: Record<SchedulerRecurrence['type'], string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

/**
 * spec §2 r_scheduler-recurrence: §3 recurrence (dateRange, type, days, interval). The occurrences
 * are counted as the server will count them (shared/time/recurrence.ts), with the same messages.
 */
export function RecurrenceScreen() {
  const styles = useSchedulerStyles();
  const t = useLabel();
  const when = useWhen();
  const draft = useSchedulerDraft();
  const recurrence = draft.recurrence;
  const set = (change: Partial<SchedulerRecurrence>) =>
    updateDraft((d) => ({ ...d, recurrence: d.recurrence && { ...d.recurrence, ...change } }));
  const expansion = useMemo(
    () =>
      recurrence &&
      expandSchedulerRecurrence(recurrence, {
        startTime: draft.dateTime.startTime,
        endTime: draft.dateTime.endTime,
        timeZone: draft.timezone,
      }),
    [recurrence, draft.dateTime, draft.timezone],
  );
  return (
    <div className={styles.form}>
      <Switch
        label={t('scheduler.repeats', 'Repeats')}
        checked={recurrence !== null}
        onChange={(_event, data) =>
          updateDraft((d) => ({ ...d, recurrence: data.checked ? defaultRecurrence(d.dateTime.date) : null }))
        }
      />
      {recurrence && (
        <>
          <div className={styles.inline}>
            <Field label={t('scheduler.repeat-type', 'Repeat')}>
              <Select
                value={recurrence.type}
                onChange={(_event, data) => set({ type: data.value as SchedulerRecurrence['type'] })}
              >
                {SCHEDULER_RECURRENCE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`scheduler.type-${type}`, TYPE_NAMES[type])}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('scheduler.interval', 'Every')}>
              <Input
                type="number"
                min={1}
                max={99}
                value={String(recurrence.interval)}
                onChange={(_event, data) => set({ interval: Number(data.value) })}
              />
            </Field>
          </div>
          {recurrence.type === 'weekly' && (
            <fieldset className={styles.days}>
              <legend>{t('scheduler.on-days', 'On')}</legend>
              {WEEKDAYS.map(({ day, code, english }) => (
                <Checkbox
                  key={day}
                  label={t(`scheduler.${code}`, english)}
                  checked={recurrence.days.includes(day)}
                  onChange={(_event, data) =>
                    set({
                      days: data.checked
                        ? [...recurrence.days, day].sort()
                        : recurrence.days.filter((chosen) => chosen !== day),
                    })
                  }
                />
              ))}
            </fieldset>
          )}
          <Field label={t('scheduler.until-date', 'Until')}>
            <Input
              type="date"
              value={recurrence.dateRange.end}
              min={recurrence.dateRange.start}
              onChange={(_event, data) =>
                data.value && set({ dateRange: { start: recurrence.dateRange.start, end: data.value } })
              }
            />
          </Field>
          <div aria-live="polite">
            {expansion && !expansion.ok ? (
              <ErrorText message={Object.values(expansion.errors).flat()[0]} />
            ) : (
              expansion && (
                <Body1>
                  {t(
                    'scheduler.occurrence-count',
                    {
                      one: '{count} occurrence, from {first} to {last}.',
                      other: '{count} occurrences, from {first} to {last}.',
                    },
                    {
                      count: expansion.occurrences.length,
                      first: when.date(expansion.occurrences[0]!.date),
                      last: when.date(expansion.occurrences.at(-1)!.date),
                    },
                  )}
                </Body1>
              )
            )}
          </div>
        </>
      )}
    </div>
  );
}
