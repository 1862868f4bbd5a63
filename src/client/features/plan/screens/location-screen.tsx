import {
  Body1,
  Button,
  Caption1,
  mergeClasses,
  SearchBox,
  Subtitle2,
  Tooltip,
} from '@fluentui/react-components';
import {
  Camera20Regular,
  Map16Regular,
  Prohibited16Regular,
  Star20Filled,
  Star20Regular,
} from '@fluentui/react-icons';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { Level } from '../../../../shared/contract/levels';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { QrScanner } from '../../../ui/qr-scanner';
import { resolveScannedCode } from '../../../ui/qr-scan-target';
import { useBookingPreferences } from '../../preferences/use-booking-preferences';
import {
  scanCode,
  scanLevel,
  setLevelFavorite,
  useAllPlanLevels,
  useFrequentLevels,
  useLevelSearch,
} from '../api';
import {
  destinationFor,
  frequentLevels,
  isSelectable,
  levelMarks,
  locationsWithFavoritesFirst,
  mayToggleFavorite,
  preselection,
  scanDestination,
  SEARCH_DEBOUNCE_MS,
  showNoFavorites,
  type Destination,
} from '../location-rules';
import { PlanFooter, useLastSlotStart } from '../plan-footer';
import { usePlanStyles } from './plan.styles';

const positiveId = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

export const destinationHref = (destination: Destination) =>
  destination.route === 'r_plan-slots'
    ? `${href('r_plan-slots', { plan_level_id: destination.levelId })}?resourceId=${destination.resourceId}`
    : destination.route === 'r_plan-resources-resource'
      ? href('r_plan-resources-resource', {
          plan_level_id: destination.levelId,
          resource_id: destination.resourceId,
        })
      : href('r_plan-resources', { plan_level_id: destination.levelId });

/** Where a level opens (spec §2): asks the server for a directly declarable level's only resource. */
async function openLevel(
  level: Pick<Level, 'id' | 'is_directly_declarable'>,
  resourceId: number | null = null,
) {
  if (resourceId !== null || !level.is_directly_declarable) return destinationFor(level, [], resourceId);
  const scan = await scanLevel(level.id);
  return destinationFor(level, scan.resource_id === null ? [] : [scan.resource_id]);
}

/** spec §2: a code scanned in the plan opens what it names there. */
async function openScanned(code: string) {
  const { target, scan } = await scanCode(code);
  return scanDestination(target, scan);
}

/**
 * spec §2 location picker (r_plan; r_plan-level lists one level's sublevels): search (300 ms),
 * camera when the company allows it, the three most used, every location with the favourites first;
 * only declarable levels open, a default level is selected, levelId and resourceId preselect.
 */
export default function LocationScreen() {
  const styles = usePlanStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const routeParams = useParams();
  const [params] = useSearchParams();
  const session = useInitialData();
  const { preferences } = useBookingPreferences();
  const all = useAllPlanLevels();
  const frequent = useFrequentLevels();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const found = useLevelSearch(query);
  const [scanning, setScanning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const selectedId = positiveId(routeParams.plan_level_id);
  const parentId = positiveId(routeParams.level_id);
  const mayFavor = mayToggleFavorite(session?.general_permissions ?? []);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const levels = useMemo(() => all.data?.data ?? [], [all.data]);
  const selectedDeclarable = levels.find((level) => level.id === selectedId && level.is_declarable);
  const lastSlotStart = useLastSlotStart(selectedDeclarable?.id ?? null);
  // The address, else the default level, picks a level when none is chosen yet.
  useEffect(() => {
    if (selectedId !== null || parentId !== null || !all.data || !preferences) return;
    const chosen = preselection(params, levels, preferences.defaultLocation);
    if (!chosen) return;
    const level = levels.find((candidate) => candidate.id === chosen.levelId);
    if (!chosen.requested || !level || !isSelectable(level)) {
      if (level && isSelectable(level))
        void navigate(href('r_plan', { plan_level_id: level.id }), { replace: true });
      return;
    }
    openLevel(level, chosen.resourceId)
      .then((destination) => navigate(destinationHref(destination), { replace: true }))
      .catch((error: unknown) => setFailure(errorMessage(error)));
  }, [selectedId, parentId, all.data, preferences, params, levels, navigate]);

  if (all.error) return <ErrorText message={all.error.message} />;
  if (!all.data || !preferences) return <Loader label={t('general.loading', 'Loading…')} />;

  const selected = levels.find((level) => level.id === selectedId) ?? null;
  const parent = levels.find((level) => level.id === parentId) ?? null;
  const shown = parent ? levels.filter((level) => level.parent_id === parent.id) : levels;

  const open = (level: Level) => {
    setFailure(null);
    openLevel(level)
      .then((destination) => navigate(destinationHref(destination)))
      .catch((error: unknown) => setFailure(errorMessage(error)));
  };
  const toggleFavorite = (level: Level) => {
    setFailure(null);
    setLevelFavorite(level.id, !level.is_favorite)
      .then(() => Promise.all([all.mutate(), frequent.mutate(), found.mutate()]))
      .catch((error: unknown) => setFailure(errorMessage(error)));
  };
  const row = (level: Level) => (
    <LevelRow
      key={level.id}
      level={level}
      selected={level.id === selectedId}
      mayFavor={mayFavor}
      onOpen={() => open(level)}
      onFavorite={() => toggleFavorite(level)}
      onBrowse={
        level.all_children.length > 0
          ? () => void navigate(href('r_plan-level', { plan_level_id: level.id, level_id: level.id }))
          : undefined
      }
    />
  );

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <SearchBox
          className={styles.search}
          aria-label={t('plan.search-locations', 'Search locations')}
          placeholder={t('plan.search-locations', 'Search locations')}
          value={search}
          onChange={(_event, data) => setSearch(data.value)}
        />
        {preferences.showCameraButton && (
          <Button icon={<Camera20Regular aria-hidden />} onClick={() => setScanning(true)}>
            {t('plan.scan', 'Scan a QR code')}
          </Button>
        )}
      </div>
      <ErrorText message={failure} />
      {scanning && (
        <QrScanner
          onClose={() => setScanning(false)}
          onCode={(text) => {
            setScanning(false);
            const target = resolveScannedCode(text);
            if (!target) {
              setFailure(t('plan.scan-unknown', 'This QR code is not one of ours.'));
              return;
            }
            openScanned(target.params.code)
              .then((destination) => {
                if (destination === 'other-company')
                  setFailure(t('qr-codes.read.other-company', 'This QR code belongs to another company.'));
                else if (destination === 'not-bookable')
                  setFailure(t('plan.scan-not-bookable', 'This place cannot be booked.'));
                else void navigate(destinationHref(destination));
              })
              .catch(() => setFailure(t('qr-codes.read.unknown', 'This QR code is not known.')));
          }}
        />
      )}
      {query && (
        <section className={styles.section} aria-label={t('plan.search-results', 'Search results')}>
          <Subtitle2 as="h2">{t('plan.search-results', 'Search results')}</Subtitle2>
          {found.error ? (
            <ErrorText message={found.error.message} />
          ) : !found.data ? (
            <Loader label={t('general.loading', 'Loading…')} />
          ) : found.data.data.length === 0 ? (
            <Body1 role="status">{t('plan.no-results', 'No location matches the search.')}</Body1>
          ) : (
            <ul className={styles.rows}>{found.data.data.map(row)}</ul>
          )}
        </section>
      )}
      {selected && (
        <section className={styles.section} aria-label={t('plan.selected', 'Selected location')}>
          <Subtitle2 as="h2">{t('plan.selected', 'Selected location')}</Subtitle2>
          <ul className={styles.rows}>{row(selected)}</ul>
        </section>
      )}
      {!parent && (frequent.data?.data.length ?? 0) > 0 && (
        <section className={styles.section} aria-label={t('plan.frequent', 'Most used')}>
          <Subtitle2 as="h2">{t('plan.frequent', 'Most used')}</Subtitle2>
          <ul className={styles.rows}>{frequentLevels(frequent.data!.data).map(row)}</ul>
        </section>
      )}
      <section className={styles.section} aria-label={t('plan.all-locations', 'All locations and favorites')}>
        <Subtitle2 as="h2">
          {parent ? parent.path : t('plan.all-locations', 'All locations and favorites')}
        </Subtitle2>
        {showNoFavorites(shown) ? (
          <Body1 role="status">{t('plan.no-favorites', 'No favorites defined')}</Body1>
        ) : (
          <ul className={styles.rows}>{locationsWithFavoritesFirst(shown).map(row)}</ul>
        )}
      </section>
      {selected && (
        <PlanFooter
          mapHref={href('r_plan-maps', { plan_level_id: selected.id })}
          state={{
            levelHasMap: selected.map_id !== null,
            screen: 'other',
            todayOccupancyPercentage: null,
            lastDefaultSlotStart: lastSlotStart,
            selectedSlot: null,
          }}
        />
      )}
    </div>
  );
}

function LevelRow({
  level,
  selected,
  mayFavor,
  onOpen,
  onFavorite,
  onBrowse,
}: {
  level: Level;
  selected: boolean;
  mayFavor: boolean;
  onOpen(): void;
  onFavorite(): void;
  onBrowse?: () => void;
}) {
  const styles = usePlanStyles();
  const t = useLabel();
  const marks = levelMarks(level);
  const favoriteLabel = level.is_favorite
    ? t('plan.unfavor', 'Remove {name} from favorites', { name: level.name })
    : t('plan.favor', 'Add {name} to favorites', { name: level.name });
  return (
    <li
      className={mergeClasses(styles.row, selected && styles.selectedRow)}
      aria-current={selected || undefined}
    >
      <div className={styles.rowMain}>
        <Button
          appearance="transparent"
          className={styles.levelButton}
          disabled={!isSelectable(level)}
          onClick={onOpen}
        >
          {level.name}
        </Button>
        <Caption1 className={styles.detail}>
          <span className={styles.marks}>
            {level.path}
            {marks.notDeclarable && (
              <Prohibited16Regular role="img" aria-label={t('plan.not-declarable', 'Cannot be booked')} />
            )}
            {marks.hasMap && <Map16Regular role="img" aria-label={t('plan.has-map', 'Has a floor map')} />}
          </span>
        </Caption1>
      </div>
      <div className={styles.actions}>
        {onBrowse && (
          <Button appearance="subtle" onClick={onBrowse}>
            {t('plan.sublevels', 'Sublevels')}
          </Button>
        )}
        <Tooltip content={favoriteLabel} relationship="label">
          <Button
            appearance="subtle"
            aria-pressed={level.is_favorite}
            disabled={!mayFavor}
            icon={level.is_favorite ? <Star20Filled aria-hidden /> : <Star20Regular aria-hidden />}
            onClick={onFavorite}
          />
        </Tooltip>
      </div>
    </li>
  );
}
