import { Field, SpinButton } from '@fluentui/react-components';
import { useLabel } from '../../../i18n/i18n';
import { attendeeCount } from '../first-rooms';
import { updatePane, usePane } from '../pane-state';
import { MAX_SEATS, seatsFrom, seatsWanted } from '../seats';

/**
 * The seats the free rooms must have: one per invitee to start with, fewer when some attend
 * remotely. Cleared, it goes back to the invitees.
 */
export function SeatsField() {
  const t = useLabel();
  const { meeting, seats } = usePane();
  if (!meeting) return null;
  return (
    <Field
      label={t('outlook.seats-wanted', 'Seats needed')}
      hint={t('outlook.seats-hint', '{count} invited. Remote attendees need no seat.', {
        count: attendeeCount(meeting),
      })}
    >
      <SpinButton
        min={1}
        max={MAX_SEATS}
        value={seatsWanted(meeting, seats)}
        data-testid="seats-wanted"
        onChange={(_, data) => updatePane({ seats: seatsFrom(data.value, data.displayValue) })}
      />
    </Field>
  );
}
