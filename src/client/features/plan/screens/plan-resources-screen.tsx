import { errorMessage } from '../../../api/errors';
import { Body1, Button, Caption1, SearchBox } from '@fluentui/react-components';
import { CalendarClock20Regular, Filter20Regular } from '@fluentui/react-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useBookingPreferences } from '../../preferences/use-booking-preferences';
import { activeFilterCount } from '../../resources/filters';
import { useLevelResources, useLevelResourcesOccupancy, usePlanLevel } from '../api';
import { SEARCH_DEBOUNCE_MS } from '../location-rules';
import { OccupancyBadge } from '../occupancy-badge';
import { PlanDateField } from '../plan-date-field';
import { planFiltersFromParams, planFiltersToParams } from '../plan-filters';
import { PlanFooter, useLastSlotStart } from '../plan-footer';
import { slotOn, usePlanState } from '../plan-state';
import { usePlanLevelId } from '../use-plan-ids';
import { usePlanStyles } from './plan.styles';
import { spanOf } from '../slot-picker';
import { useRevalidateOnDeclarationChange } from '../../../realtime';

/**
 * spec §2 r_plan-resources: the level's resources (and its sublevels'), searched and filtered by
 * the server, each with its occupancy on the chosen day (and whether the chosen slot is free).
 */
export default function PlanResourcesScreen() {
  // Other people's bookings show here without a reload (spec §4 'declaration changed').
  useRevalidateOnDeclarationChange();
  const styles = usePlanStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const levelId = usePlanLevelId();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => planFiltersFromParams(params), [params]);
  const [search, setSearch] = useState(filters.query);
  const plan = usePlanState();
  const lastSlotStart = useLastSlotStart(levelId);
  const level = usePlanLevel(levelId);
  const { preferences } = useBookingPreferences();
  const resources = useLevelResources(levelId, filters);
  const occupancy = useLevelResourcesOccupancy(levelId, plan.date, slotOn(plan, levelId));

  const written = useRef(filters.query);
  useEffect(() => {
    if (search.trim() === filters.query) return;
    const timer = setTimeout(() => {
      written.current = search.trim();
      setParams(planFiltersToParams({ ...filters, query: search }), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, filters, setParams]);
  useEffect(() => {
    if (filters.query !== written.current) {
      written.current = filters.query;
      setSearch(filters.query);
    }
  }, [filters.query]);

  const failed = level.error ?? resources.error;
  // Refusals name their rule (issue 38): the server’s message, not the status line.
  if (failed) return <ErrorText message={errorMessage(failed)} />;
  if (!level.data || !preferences || levelId === null)
    return <Loader label={t('general.loading', 'Loading…')} />;
  const byResource = new Map((occupancy.data?.data ?? []).map((row) => [row.resource_id, row]));
  const count = activeFilterCount({ ...filters, level_id: null });
  const slot = slotOn(plan, levelId);

  return (
    <div className={styles.page}>
      <Body1>{level.data.path}</Body1>
      <div className={styles.toolbar}>
        <PlanDateField timeZone={level.data.timezone} />
        <SearchBox
          className={styles.search}
          aria-label={t('plan.search-resources', 'Search resources')}
          placeholder={t('plan.search-resources', 'Search resources')}
          value={search}
          onChange={(_event, data) => setSearch(data.value)}
        />
        <Button
          icon={<Filter20Regular aria-hidden />}
          onClick={() =>
            navigate({
              pathname: href('r_plan-resources-search-filters', { plan_level_id: levelId }),
              search: params.toString(),
            })
          }
        >
          {count > 0 ? t('plan.filters-count', 'Filters ({count})', { count }) : t('plan.filters', 'Filters')}
        </Button>
        <Button
          icon={<CalendarClock20Regular aria-hidden />}
          onClick={() => navigate(href('r_plan-resources-slots', { plan_level_id: levelId }))}
        >
          {slot
            ? t('plan.slot-chosen', 'Slot {from}–{to}', {
                ...spanOf(slot.slots, preferences),
              })
            : t('plan.choose-slot', 'Choose a slot')}
        </Button>
      </div>
      {!resources.data ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : resources.data.data.length === 0 ? (
        <Body1 role="status">{t('plan.no-resources', 'No resources found.')}</Body1>
      ) : (
        <ul
          className={styles.rows}
          aria-label={t('plan.resources', 'Resources')}
          aria-busy={occupancy.isLoading}
        >
          {resources.data.data.map((resource) => {
            const state = byResource.get(resource.id);
            return (
              <li key={resource.id} className={styles.row}>
                <div className={styles.rowMain}>
                  <AppLink
                    to={href('r_plan-resources-resource', {
                      plan_level_id: levelId,
                      resource_id: resource.id,
                    })}
                  >
                    {resource.name}
                  </AppLink>
                  <Caption1 className={styles.detail}>
                    {[
                      resource.resource_type.name,
                      resource.level.name,
                      t('plan.capacity', 'Capacity {capacity}', { capacity: resource.current_capacity }),
                    ].join(' · ')}
                  </Caption1>
                  {state ? (
                    <OccupancyBadge percentage={state.occupancy_percentage} preferences={preferences} />
                  ) : (
                    occupancy.data && (
                      <Caption1 className={styles.detail}>
                        {t('plan.not-bookable', 'Not bookable here')}
                      </Caption1>
                    )
                  )}
                </div>
                {state && slot && (
                  <Caption1>
                    {state.mine
                      ? t('plan.slot-mine', 'Booked by you')
                      : state.occupied
                        ? t('plan.slot-occupied', 'Occupied')
                        : t('plan.slot-free', 'Free')}
                  </Caption1>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <PlanFooter
        mapHref={href('r_plan-maps', { plan_level_id: levelId })}
        state={{
          levelHasMap: level.data.map_id !== null,
          screen: 'other',
          todayOccupancyPercentage: null,
          lastDefaultSlotStart: lastSlotStart,
          selectedSlot: slot,
        }}
      />
    </div>
  );
}
