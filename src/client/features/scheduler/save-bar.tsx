import { Button, MessageBar, MessageBarBody, MessageBarTitle, Spinner } from '@fluentui/react-components';
import { useState } from 'react';
import type { SchedulerMeeting } from '../../../shared/contract/scheduler';
import { ApiError, errorMessage } from '../../api/errors';
import { useLabel } from '../../i18n/i18n';
import { href } from '../../routing/paths';
import { AppLink } from '../../ui/app-link';
import { saveMeeting } from './api';
import { resetDraft, toState, useSchedulerDraft } from './scheduler-state';
import { useSchedulerStyles } from './scheduler.styles';

/** What the last save said: the meeting booked, or the refusal with every conflicting date. */
type Outcome =
  | { kind: 'saved'; meeting: SchedulerMeeting }
  | { kind: 'refused'; message: string; lines: string[]; conflict: boolean };

/**
 * Saving the meeting (POST scheduler): every room of every occurrence is booked, or nothing is and
 * the refusal lists each conflicting date. A booked meeting clears the draft.
 */
export function SaveBar({
  beforeSave = () => true,
  onStartOver,
  onSaved,
  previewLink = false,
}: {
  beforeSave?: () => boolean;
  onStartOver?: () => void;
  onSaved?: () => void;
  previewLink?: boolean;
}) {
  const styles = useSchedulerStyles();
  const t = useLabel();
  const draft = useSchedulerDraft();
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const save = async () => {
    setOutcome(null);
    if (!beforeSave()) return;
    setSaving(true);
    try {
      const meeting = await saveMeeting(toState(draft));
      setOutcome({ kind: 'saved', meeting });
      resetDraft();
      onSaved?.();
    } catch (error) {
      const body = error instanceof ApiError ? error.body : null;
      setOutcome({
        kind: 'refused',
        message: body?.message ?? errorMessage(error),
        lines: body?.errors ? Object.values(body.errors).flat() : [],
        conflict: error instanceof ApiError && error.status === 409,
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <div className={styles.actions}>
        <Button appearance="primary" disabled={saving} onClick={() => void save()}>
          {t('scheduler.save', 'Book the meeting')}
        </Button>
        {previewLink && (
          <AppLink to={href('r_scheduler-preview')}>
            {t('scheduler.preview-link', 'Preview every occurrence')}
          </AppLink>
        )}
        {onStartOver && (
          <Button
            appearance="subtle"
            disabled={saving}
            onClick={() => {
              resetDraft();
              setOutcome(null);
              onStartOver();
            }}
          >
            {t('scheduler.start-over', 'Start over')}
          </Button>
        )}
        {saving && <Spinner size="tiny" label={t('scheduler.saving', 'Booking…')} />}
      </div>
      <div aria-live="polite">
        {outcome?.kind === 'saved' && (
          <MessageBar intent="success">
            <MessageBarBody>
              <MessageBarTitle>{t('scheduler.saved', 'Meeting booked')}</MessageBarTitle>
              {t(
                'scheduler.saved-detail',
                {
                  one: '“{subject}”: {count} occurrence booked.',
                  other: '“{subject}”: {count} occurrences booked.',
                },
                {
                  subject: outcome.meeting.subject,
                  count: outcome.meeting.occurrences.length,
                },
              )}
            </MessageBarBody>
          </MessageBar>
        )}
        {outcome?.kind === 'refused' && (
          <MessageBar intent="error" role="alert" layout="multiline">
            <MessageBarBody>
              <MessageBarTitle>{outcome.message}</MessageBarTitle>
              {outcome.lines.length > 0 && (
                <ul>
                  {outcome.lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
              {outcome.conflict && previewLink && (
                <AppLink to={href('r_scheduler-preview')}>
                  {t('scheduler.choose-alternatives', 'Choose alternatives in the preview')}
                </AppLink>
              )}
            </MessageBarBody>
          </MessageBar>
        )}
      </div>
    </>
  );
}
