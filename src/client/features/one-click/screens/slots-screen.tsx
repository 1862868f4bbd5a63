import { Body1, Button, Caption1, Spinner } from '@fluentui/react-components';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useSubmit } from '../../../ui/use-submit';
import { usePlanLevel } from '../../plan/api';
import { PlanDateField } from '../../plan/plan-date-field';
import { PlanFooter } from '../../plan/plan-footer';
import { selectSlot, slotOn, usePlanState } from '../../plan/plan-state';
import { SlotButtons } from '../../plan/slot-picker';
import { useBookingPreferences } from '../../preferences/use-booking-preferences';
import { bookOneTap, usePeriods } from '../api';
import { useOneClickStyles } from '../one-click.styles';
import { NoLevel } from '../no-level';
import { useOneClickParams } from '../use-level-param';

/**
 * spec §2 /one-click/slots (PLAN, maps): the level's periods of the user's default slot type on a
 * day; one chosen is booked with one tap or opened on the map. The map button follows the plan
 * footer's rule in one-click calendar mode: no slot chosen, no map.
 */
export default function SlotsScreen() {
  const styles = useOneClickStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { levelId, widgetId } = useOneClickParams();
  const plan = usePlanState();
  const level = usePlanLevel(levelId);
  const periods = usePeriods(levelId, plan.date);
  const { preferences } = useBookingPreferences();
  const { pending, failure, run } = useSubmit();
  const failed = level.error ?? periods.error;
  if (levelId === null) return <NoLevel />;
  if (failed) return <ErrorText message={errorMessage(failed)} />;
  if (!level.data || !periods.data || !preferences)
    return <Loader label={t('general.loading', 'Loading…')} />;
  const slot = slotOn(plan, levelId);
  const answer = periods.data;
  const book = () =>
    void run(async () => {
      const chosen = slot?.slots[0];
      if (!widgetId || !chosen) return;
      const booked = await bookOneTap(widgetId, {
        datetime_from: chosen.datetime_from,
        datetime_to: chosen.datetime_to,
      });
      if (booked.data[0]) await navigate(href('r_pass', { pass_id: booked.data[0].id }));
    });
  const last = answer.slots.at(-1);
  return (
    <div className={styles.page}>
      <Body1>{level.data.path}</Body1>
      <PlanDateField timeZone={level.data.timezone} />
      <SlotButtons
        answer={answer}
        chosen={slot?.slots.map((chosen) => chosen.datetime_from) ?? []}
        preferences={preferences}
        onToggle={(picked) =>
          selectSlot(
            slot?.slots[0]?.datetime_from === picked.datetime_from
              ? null
              : { levelId, type: answer.type, slots: [picked] },
          )
        }
      />
      <ErrorText message={failure} />
      {widgetId && (
        <div className={styles.actions}>
          <Button
            appearance="primary"
            disabled={pending || !slot}
            aria-busy={pending || undefined}
            icon={pending ? <Spinner size="tiny" aria-hidden /> : undefined}
            onClick={book}
          >
            {t('one-click.book-slot', 'Book a place in this slot')}
          </Button>
          {!slot && <Caption1>{t('plan.map.no-slot', 'Choose a slot first.')}</Caption1>}
        </div>
      )}
      <PlanFooter
        mapHref={`${href('r_one-click-slots-maps')}${search}`}
        oneClickCalendarMode
        state={{
          levelHasMap: level.data.map_id !== null,
          screen: 'other',
          todayOccupancyPercentage: null,
          lastDefaultSlotStart: last ? new Date(last.datetime_from) : null,
          selectedSlot: slot,
        }}
      />
    </div>
  );
}
