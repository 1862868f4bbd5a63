import { Body1, Button, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { mapImagePath, mapsPath, type FloorMap } from '../../../../shared/contract/maps';
import type { ResourceOccupancy } from '../../../../shared/contract/plan';
import { errorMessage } from '../../../api/errors';
import { useApi } from '../../../api/swr';
import { useLabel, type LabelFn } from '../../../i18n/i18n';
import { useRevalidateOnDeclarationChange } from '../../../realtime';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { FloorPlan } from '../../../ui/floor-plan';
import { Loader } from '../../../ui/loader';
import { useSubmit } from '../../../ui/use-submit';
import { book, useLevelResources, useLevelResourcesOccupancy, usePlanLevel } from '../../plan/api';
import { PlanDateField } from '../../plan/plan-date-field';
import { selectSlot, slotOn, usePlanState } from '../../plan/plan-state';
import { SlotButtons, spanOf } from '../../plan/slot-picker';
import { useBookingPreferences } from '../../preferences/use-booking-preferences';
import { usePeriods } from '../api';
import { useOneClickStyles } from '../one-click.styles';
import { NoLevel } from '../no-level';
import { useOneClickParams } from '../use-level-param';

const UNFILTERED = {
  query: '',
  resource_type: [],
  resource_model: [],
  resource_attribute: [],
  capacity: null,
};

/** A marker's colours and words: the caller's own, taken, or free in the chosen slot. */
export function placeState(state: ResourceOccupancy | undefined, t: LabelFn) {
  if (state?.mine)
    return {
      background: tokens.colorBrandBackground,
      ink: tokens.colorNeutralForegroundOnBrand,
      text: t('plan.slot-mine', 'Booked by you'),
    };
  if (!state || state.occupied)
    return {
      background: tokens.colorNeutralBackground5,
      ink: tokens.colorNeutralForeground1,
      text: t('plan.slot-occupied', 'Occupied'),
    };
  return {
    background: tokens.colorPaletteGreenBackground2,
    ink: tokens.colorNeutralForeground1,
    text: t('plan.slot-free', 'Free'),
  };
}

/**
 * spec §2 /one-click/map (calendar; r_one-click-map-page) and /one-click/slots/maps: the level's
 * floor plan for a day and slot chosen on the page; a free place on it is booked with a tap and
 * its pass is one link away.
 */
export default function OneClickMapScreen() {
  useRevalidateOnDeclarationChange();
  const styles = useOneClickStyles();
  const t = useLabel();
  const { levelId } = useOneClickParams();
  const plan = usePlanState();
  const { preferences } = useBookingPreferences();
  const level = usePlanLevel(levelId);
  const mapId = level.data?.map_id ?? null;
  const floorMap = useApi<FloorMap>(mapId === null ? null : `${mapsPath}/${mapId}`);
  const periods = usePeriods(levelId, plan.date);
  const resources = useLevelResources(levelId, UNFILTERED);
  const slot = slotOn(plan, levelId);
  const occupancy = useLevelResourcesOccupancy(levelId, plan.date, slot);
  const [asked, setAsked] = useState<{ id: number; name: string } | null>(null);
  const [booked, setBooked] = useState<{ id: number; name: string } | null>(null);
  const { pending, failure, setFailure, run } = useSubmit();
  const failed = level.error ?? floorMap.error ?? periods.error ?? resources.error ?? occupancy.error;
  if (levelId === null) return <NoLevel />;
  if (failed) return <ErrorText message={errorMessage(failed)} />;
  if (!level.data || !preferences || !periods.data)
    return <Loader label={t('general.loading', 'Loading…')} />;
  if (mapId === null)
    return <Body1 role="status">{t('plan.map.no-map', 'This level has no floor map.')}</Body1>;
  const states = new Map((occupancy.data?.data ?? []).map((row) => [row.resource_id, row]));
  const placed = (resources.data?.data ?? []).filter(
    (resource) => resource.map_level_id === levelId && states.has(resource.id),
  );
  const choose = (id: number) => {
    setBooked(null);
    setFailure(null);
    const resource = placed.find((candidate) => candidate.id === id);
    const state = states.get(id);
    if (!resource) return;
    if (!slot) setFailure(t('plan.map.no-slot', 'Choose a slot first.'));
    else if (state?.occupied || state?.mine)
      setFailure(t('one-click.place-taken', '{name} is not free then.', { name: resource.name }));
    else setAsked({ id, name: resource.name });
  };
  const confirm = () =>
    void run(async () => {
      if (!asked || !slot) return;
      const answer = await book({
        resource_id: asked.id,
        slots: slot.slots.map(({ datetime_from, datetime_to }) => ({ datetime_from, datetime_to })),
      });
      setAsked(null);
      const first = answer.data[0];
      if (first) setBooked({ id: first.id, name: asked.name });
      await occupancy.mutate();
    });
  return (
    <div className={styles.page} style={{ maxWidth: '100%' }}>
      <Body1>{level.data.path}</Body1>
      <PlanDateField timeZone={level.data.timezone} />
      <SlotButtons
        answer={periods.data}
        chosen={slot?.slots.map((chosen) => chosen.datetime_from) ?? []}
        preferences={preferences}
        onToggle={(picked) =>
          selectSlot(
            slot?.slots[0]?.datetime_from === picked.datetime_from
              ? null
              : { levelId, type: periods.data!.type, slots: [picked] },
          )
        }
      />
      <ErrorText message={failure} />
      {booked && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>
            {t('one-click.booked', '{name} is booked.', { name: booked.name })}{' '}
            <AppLink inline to={href('r_pass', { pass_id: booked.id })}>
              {t('one-click.see-pass', 'See your pass')}
            </AppLink>
          </MessageBarBody>
        </MessageBar>
      )}
      {asked && slot && (
        <div className={styles.actions} role="group" aria-label={t('plan.book', 'Book')}>
          <Body1>
            {t('plan.book-confirm', 'Book {name} for {from}–{to}?', {
              name: asked.name,
              ...spanOf(slot.slots, preferences),
            })}
          </Body1>
          <Button appearance="primary" disabled={pending} onClick={confirm}>
            {pending ? t('plan.booking', 'Booking…') : t('plan.book', 'Book')}
          </Button>
          <Button onClick={() => setAsked(null)}>{t('general.actions.cancel', 'Cancel')}</Button>
        </div>
      )}
      {!floorMap.data || !resources.data || !occupancy.data ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : (
        <FloorPlan
          imagePath={mapImagePath(mapId)}
          width={floorMap.data.width}
          height={floorMap.data.height}
          label={t('plan.map.label', 'Floor plan of {name}', { name: level.data.name })}
          items={placed.map((resource) => ({
            id: resource.id,
            name: resource.name,
            x: resource.map_x,
            y: resource.map_y,
            heat: placeState(states.get(resource.id), t),
          }))}
          onSelect={choose}
        />
      )}
    </div>
  );
}
