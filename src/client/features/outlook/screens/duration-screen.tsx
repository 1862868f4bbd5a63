import { Button, Field, Radio, RadioGroup, Spinner } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { MeetingSummary } from '../components/meeting-summary';
import { useOutlookStyles } from '../components/outlook.styles';
import { PaneNotice } from '../components/pane-notice';
import { setDuration } from '../pane-booking';
import { usePane } from '../pane-state';
import { PaneReady } from '../use-pane-ready';

const DURATIONS = [15, 30, 45, 60, 90, 120, 180, 240] as const;

function label(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * spec §2 /outlook/duration (and advanced-search/duration): how long the meeting lasts. The new end
 * goes to Outlook (UTC); the booked room follows through the time-changed handler.
 */
function Duration() {
  const styles = useOutlookStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const { meeting, busy } = usePane();
  const current = meeting ? Math.round((meeting.end.getTime() - meeting.start.getTime()) / 60_000) : 60;
  const [minutes, setMinutes] = useState(String(current));
  const options: number[] = DURATIONS.includes(current as (typeof DURATIONS)[number])
    ? [...DURATIONS]
    : [...DURATIONS, current].sort((a, b) => a - b);
  const apply = async () => {
    if (await setDuration(Number(minutes))) void navigate(-1);
  };
  return (
    <div className={styles.screen}>
      <PaneNotice />
      <MeetingSummary />
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void apply();
        }}
      >
        <Field label={t('outlook.duration', 'Duration')}>
          <RadioGroup value={minutes} onChange={(_, data) => setMinutes(data.value)}>
            {options.map((option) => (
              <Radio key={option} value={String(option)} label={label(option)} />
            ))}
          </RadioGroup>
        </Field>
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={busy !== null}>
            {t('outlook.apply-duration', 'Apply')}
          </Button>
          {busy === 'duration' && <Spinner size="tiny" label={t('outlook.saving', 'Saving…')} />}
        </div>
      </form>
    </div>
  );
}

export default function DurationScreen() {
  return (
    <PaneReady>
      <Duration />
    </PaneReady>
  );
}
