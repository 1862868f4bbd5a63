import { Body1, Button, Caption1, MessageBar, MessageBarBody, Subtitle2 } from '@fluentui/react-components';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useBookingPreferences } from '../../preferences/use-booking-preferences';
import { book, useOccupancy, usePlanLevel, usePlanLimit, useResourceInfo, useSlots } from '../api';
import { OccupancyBadge } from '../occupancy-badge';
import { PlanDateField } from '../plan-date-field';
import { PlanFooter } from '../plan-footer';
import { selectSlotType, usePlanState } from '../plan-state';
import { SlotButtons, SlotTypeField, spanOf, toggleSlot, useSlotChoice } from '../slot-picker';
import { usePlanLevelId, usePlanResourceId } from '../use-plan-ids';
import { usePlanStyles } from './plan.styles';
import { useRevalidateOnDeclarationChange } from '../../../realtime';

/**
 * spec §2 r_plan-slots and resources/resource/{id}: one resource's slots on the chosen day, of the
 * chosen type (DefaultSlot first), the free ones bookable, the caller's marked; booking sends the
 * picked slots, a refusal (another booking took the slot, the limit is reached) shows its message.
 */
export default function ResourceSlotsScreen() {
  // Other people's bookings show here without a reload (spec §4 'declaration changed').
  useRevalidateOnDeclarationChange();
  const styles = usePlanStyles();
  const t = useLabel();
  const levelId = usePlanLevelId();
  const resourceId = usePlanResourceId();
  const plan = usePlanState();
  const { preferences } = useBookingPreferences();
  const level = usePlanLevel(levelId);
  const info = useResourceInfo(resourceId);
  const slots = useSlots('resource', resourceId, plan.date, plan.slotType);
  const today = useOccupancy('resource', resourceId, null);
  const onDay = useOccupancy('resource', resourceId, plan.date);
  const limit = usePlanLimit(resourceId, plan.date);
  const [chosen, setChosen] = useSlotChoice(plan.date, slots.data);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [booked, setBooked] = useState<string | null>(null);
  // r_plan-slots names its resource in the query: a level's only one.
  const singleResource = useParams().resource_id === undefined;

  // An address without its resource (a bookmark of a level that has more than one since, or cut
  // short) would wait for ever: the level's resources are where one is chosen.
  if (resourceId === null || levelId === null)
    return (
      <Navigate
        replace
        to={levelId === null ? href('r_plan') : href('r_plan-resources', { plan_level_id: levelId })}
      />
    );
  const failed = info.error ?? slots.error ?? level.error;
  // Refusals name their rule (issue 38): the server’s message, not the status line.
  if (failed) return <ErrorText message={errorMessage(failed)} />;
  if (!info.data || !preferences || !level.data || levelId === null || resourceId === null)
    return <Loader label={t('general.loading', 'Loading…')} />;
  const answer = slots.data;
  const full = limit.data?.remaining === 0;

  const submit = async () => {
    if (!answer) return;
    setPending(true);
    setFailure(null);
    setBooked(null);
    try {
      const picked = answer.slots.filter((slot) => chosen.includes(slot.datetime_from));
      await book({
        resource_id: resourceId,
        slots: picked.map(({ datetime_from, datetime_to }) => ({ datetime_from, datetime_to })),
      });
      setBooked(
        t('plan.booked', '{name} is booked for {from}–{to}.', {
          name: info.data!.name,
          ...spanOf(picked, preferences),
        }),
      );
      setChosen([]);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
      void Promise.all([slots.mutate(), today.mutate(), onDay.mutate(), limit.mutate()]);
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.section}>
        <Subtitle2 as="h2">{info.data.name}</Subtitle2>
        <Caption1 className={styles.detail}>
          {[
            info.data.path,
            info.data.resource_type,
            t('plan.capacity', 'Capacity {capacity}', { capacity: info.data.current_capacity }),
          ].join(' · ')}
        </Caption1>
        {onDay.data && (
          <OccupancyBadge percentage={onDay.data.occupancy_percentage} preferences={preferences} />
        )}
      </div>
      <div className={styles.toolbar}>
        <PlanDateField timeZone={info.data.timezone} />
        <SlotTypeField
          available={preferences.availableSlots}
          value={plan.slotType ?? answer?.type ?? preferences.defaultSlot}
          onChange={(type) => {
            setChosen([]);
            selectSlotType(type);
          }}
        />
      </div>
      {limit.data?.counts && limit.data.limit !== null && (
        <Body1 role="status">
          {t('plan.limit', 'You hold {used} of your {limit} places on this day.', {
            used: limit.data.used,
            limit: limit.data.limit,
          })}
        </Body1>
      )}
      {!answer ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : (
        <SlotButtons
          answer={answer}
          chosen={chosen}
          preferences={preferences}
          onToggle={(slot) => setChosen((current) => toggleSlot(current, slot, answer.slots))}
        />
      )}
      <ErrorText message={failure} />
      {booked && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{booked}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button
          appearance="primary"
          disabled={chosen.length === 0 || pending || full}
          onClick={() => void submit()}
        >
          {pending ? t('plan.booking', 'Booking…') : t('plan.book', 'Book')}
        </Button>
        {full && (
          <Caption1>
            {t('plan.limit-reached', 'You have reached your limit of places for this day.')}
          </Caption1>
        )}
      </div>
      <PlanFooter
        mapHref={
          singleResource
            ? `${href('r_plan-slots-maps', { plan_level_id: levelId })}?resourceId=${resourceId}`
            : href('r_plan-maps', { plan_level_id: levelId })
        }
        state={{
          levelHasMap: level.data.map_id !== null,
          screen: 'resource-slots',
          todayOccupancyPercentage: today.data?.occupancy_percentage ?? null,
          lastDefaultSlotStart:
            answer && answer.slots.length > 0 ? new Date(answer.slots.at(-1)!.datetime_from) : null,
          selectedSlot: chosen.length > 0 ? chosen : null,
        }}
      />
    </div>
  );
}
