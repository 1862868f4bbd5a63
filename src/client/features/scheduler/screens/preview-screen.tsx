import { Badge, Body1, Button, Caption1, Subtitle2 } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import type { PreviewOccurrence, SchedulerPreview } from '../../../../shared/contract/scheduler';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { previewMeeting } from '../api';
import { SaveBar } from '../save-bar';
import { toState, updateDraft, useSchedulerDraft, type SchedulerDraft } from '../scheduler-state';
import { useSchedulerStyles } from '../scheduler.styles';

/** The preview of the draft as it stands (asked again whenever the draft changes). */
export function usePreview(draft: SchedulerDraft) {
  // Nothing to check before a room is chosen.
  const wanted = draft.rooms.length > 0;
  const body = useMemo(() => JSON.stringify(toState(draft)), [draft]);
  const [result, setResult] = useState<{
    body: string;
    preview: SchedulerPreview | null;
    error: string | null;
  } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    previewMeeting(JSON.parse(body) as ReturnType<typeof toState>)
      .then((preview) => live && setResult({ body, preview, error: null }))
      .catch((error: unknown) => live && setResult({ body, preview: null, error: errorMessage(error) }));
    return () => {
      live = false;
    };
  }, [body, wanted]);
  const fresh = result?.body === body;
  if (!wanted) return { preview: null, error: null, loading: false };
  return { preview: fresh ? result.preview : null, error: fresh ? result.error : null, loading: !fresh };
}

/** Takes `alternative` instead of `original` on one occurrence's date. */
export function chooseAlternative(date: string, original: number, alternative: { id: number; name: string }) {
  updateDraft((d) => ({
    ...d,
    alternatives: { ...d.alternatives, [date]: { ...d.alternatives[date], [String(original)]: alternative } },
  }));
}

/** Goes back to the meeting's own room on one date. */
function dropAlternative(date: string, original: number) {
  updateDraft((d) => {
    const { [String(original)]: _dropped, ...rest } = d.alternatives[date] ?? {};
    const alternatives = { ...d.alternatives, [date]: rest };
    if (Object.keys(rest).length === 0) delete alternatives[date];
    return { ...d, alternatives };
  });
}

/**
 * spec §2 r_scheduler-preview: every occurrence with its rooms, and every conflict with the room
 * the server suggests instead, which one press takes for that date.
 */
export default function PreviewScreen() {
  const styles = useSchedulerStyles();
  const t = useLabel();
  const draft = useSchedulerDraft();
  const { preview, error, loading } = usePreview(draft);

  // The save bar stays when the draft empties: it carries the message of the meeting just booked.
  return (
    <div className={styles.page}>
      {draft.rooms.length === 0 && (
        <Body1 role="status">
          {t('scheduler.preview-no-rooms', 'Choose the rooms first:')}{' '}
          <AppLink inline to={href('r_scheduler-location')}>
            {t('scheduler.location', 'Location')}
          </AppLink>
        </Body1>
      )}
      <div aria-live="polite" aria-busy={loading}>
        {draft.rooms.length === 0 ? null : error ? (
          <ErrorText message={error} />
        ) : loading || !preview ? (
          <Loader label={t('scheduler.checking', 'Checking every occurrence…')} />
        ) : (
          <Body1 role="status">
            {preview.conflicts === 0
              ? t(
                  'scheduler.preview-free',
                  {
                    one: '{count} occurrence, its room free.',
                    other: '{count} occurrences, every room free.',
                  },
                  {
                    count: preview.occurrences.length,
                  },
                )
              : t('scheduler.preview-conflicts', '{count} occurrences, {conflicts} conflicts.', {
                  count: preview.occurrences.length,
                  conflicts: preview.conflicts,
                })}
          </Body1>
        )}
      </div>
      {preview && (
        <section className={styles.section} aria-labelledby="scheduler-occurrences">
          <Subtitle2 as="h2" id="scheduler-occurrences">
            {t('scheduler.occurrences', 'Occurrences')}
          </Subtitle2>
          <ol className={styles.rows} aria-label={t('scheduler.occurrences', 'Occurrences')}>
            {preview.occurrences.map((occurrence) => (
              <OccurrenceRow key={occurrence.index} occurrence={occurrence} zone={draft.timezone} />
            ))}
          </ol>
        </section>
      )}
      <SaveBar />
    </div>
  );
}

function OccurrenceRow({ occurrence, zone }: { occurrence: PreviewOccurrence; zone: string }) {
  const styles = useSchedulerStyles();
  const t = useLabel();
  const meetingClock = useWhen(zone);
  // on the meeting's clock
  const when = meetingClock.dateTimeRange(occurrence.start, occurrence.end);
  return (
    <li className={styles.occurrence} aria-label={when}>
      <Body1>{when}</Body1>
      {occurrence.rooms.map((room) => {
        const original = room.replaces ?? room.id;
        return (
          <div key={room.id} className={styles.roomLine}>
            <Caption1>{room.name}</Caption1>
            {room.conflict ? (
              <Badge color="danger" appearance="tint">
                {t('scheduler.conflict', 'Conflict')}
              </Badge>
            ) : (
              <Badge color="success" appearance="tint">
                {t('scheduler.free', 'Free')}
              </Badge>
            )}
            {room.replaces !== null && (
              <Button
                size="small"
                appearance="subtle"
                onClick={() => dropAlternative(occurrence.date, room.replaces!)}
              >
                {t('scheduler.undo-alternative', 'Back to the meeting’s room')}
              </Button>
            )}
            {room.conflict && (
              <>
                <Caption1 className={styles.conflict}>{room.conflict.message}</Caption1>
                {room.conflict.alternative ? (
                  <Button
                    size="small"
                    onClick={() => chooseAlternative(occurrence.date, original, room.conflict!.alternative!)}
                  >
                    {t('scheduler.use-alternative', 'Use {room} on {date}', {
                      room: room.conflict.alternative.name,
                      date: meetingClock.date(occurrence.date),
                    })}
                  </Button>
                ) : (
                  <Caption1>{t('scheduler.no-alternative', 'No other room is free then.')}</Caption1>
                )}
                <AppLink
                  to={`${href('r_scheduler-location-alternative', { originalResourceId: original })}?date=${occurrence.date}`}
                >
                  {t('scheduler.other-rooms', 'Other rooms')}
                </AppLink>
              </>
            )}
          </div>
        );
      })}
    </li>
  );
}
