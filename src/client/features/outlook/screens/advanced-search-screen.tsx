import { Button, Checkbox, Dropdown, Field, Option, SpinButton, Subtitle2 } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useAllPlanLevels } from '../../plan/api';
import { useFreeRooms, useSearchFilters } from '../api';
import { MeetingSummary } from '../components/meeting-summary';
import { useOutlookStyles } from '../components/outlook.styles';
import { RoomList } from '../components/room-list';
import { usePane } from '../pane-state';
import { seatsFrom, seatsWanted } from '../seats';
import { setSearchFilters, useSearchFiltersState } from '../search-filters';
import { PaneReady } from '../use-pane-ready';

/** spec §2 /outlook/advanced-search: free rooms filtered by level, capacity, type and attributes. */
function AdvancedSearch() {
  const styles = useOutlookStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const { meeting, seats } = usePane();
  const filters = useSearchFiltersState();
  const levels = useAllPlanLevels();
  const options = useSearchFilters();
  const rooms = useFreeRooms(
    meeting
      ? {
          start: meeting.start,
          end: meeting.end,
          attendees: seatsWanted(meeting, seats),
          levelId: filters.levelId,
          capacity: filters.capacity,
          resourceType: filters.resourceType,
          attributes: filters.attributes,
        }
      : null,
  );
  const declarable = (levels.data?.data ?? []).filter((level) => level.is_declarable);
  const levelName =
    declarable.find((level) => level.id === filters.levelId)?.path ?? t('outlook.any-level', 'Any level');
  const typeName =
    options.data?.resource_types.find((type) => type.id === filters.resourceType)?.name ??
    t('outlook.rooms-type', 'Meeting rooms');
  return (
    <div className={styles.screen}>
      <MeetingSummary />
      <form
        className={styles.form}
        aria-label={t('outlook.search-filters', 'Search filters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <Field label={t('outlook.level', 'Level')}>
          <Dropdown
            value={levelName}
            selectedOptions={filters.levelId ? [String(filters.levelId)] : ['']}
            onOptionSelect={(_, data) =>
              setSearchFilters({ levelId: data.optionValue ? Number(data.optionValue) : null })
            }
          >
            <Option value="">{t('outlook.any-level', 'Any level')}</Option>
            {declarable.map((level) => (
              <Option key={level.id} value={String(level.id)}>
                {level.path}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('outlook.min-capacity', 'At least this many seats')}>
          <SpinButton
            min={1}
            max={500}
            value={filters.capacity}
            onChange={(_, data) => setSearchFilters({ capacity: seatsFrom(data.value, data.displayValue) })}
          />
        </Field>
        <Field label={t('outlook.type', 'Type')}>
          <Dropdown
            value={typeName}
            selectedOptions={filters.resourceType ? [String(filters.resourceType)] : ['']}
            onOptionSelect={(_, data) =>
              setSearchFilters({ resourceType: data.optionValue ? Number(data.optionValue) : null })
            }
          >
            <Option value="">{t('outlook.rooms-type', 'Meeting rooms')}</Option>
            {(options.data?.resource_types ?? []).map((type) => (
              <Option key={type.id} value={String(type.id)}>
                {type.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
        {(options.data?.resource_attributes.length ?? 0) > 0 && (
          <fieldset className={styles.form}>
            <legend>{t('outlook.attributes', 'Equipment')}</legend>
            {options.data!.resource_attributes.map((attribute) => (
              <Checkbox
                key={attribute.id}
                label={attribute.name}
                checked={filters.attributes.includes(attribute.id)}
                onChange={(_, data) =>
                  setSearchFilters({
                    attributes: data.checked
                      ? [...filters.attributes, attribute.id]
                      : filters.attributes.filter((id) => id !== attribute.id),
                  })
                }
              />
            ))}
          </fieldset>
        )}
        <div className={styles.actions}>
          <Button onClick={() => void navigate(href('r_outlook-advanced-search-map'))}>
            {t('outlook.map', 'Map')}
          </Button>
          <Button onClick={() => void navigate(href('r_outlook-advanced-search-duration'))}>
            {t('outlook.duration', 'Duration')}
          </Button>
        </div>
      </form>
      <section className={styles.screen} aria-labelledby="results-title">
        <Subtitle2 as="h2" id="results-title">
          {t('outlook.results', 'Free rooms')}
        </Subtitle2>
        {rooms.error ? (
          <ErrorText message={rooms.error.message} />
        ) : !rooms.data ? (
          <Loader label={t('outlook.finding-rooms', 'Finding free rooms…')} />
        ) : rooms.data.data.length === 0 ? (
          <p role="status">{t('outlook.no-match', 'No free room matches these filters.')}</p>
        ) : (
          <RoomList
            rooms={rooms.data.data}
            infoRoute="r_outlook-advanced-search-info"
            label={t('outlook.results', 'Free rooms')}
          />
        )}
      </section>
    </div>
  );
}

export default function AdvancedSearchScreen() {
  return (
    <PaneReady>
      <AdvancedSearch />
    </PaneReady>
  );
}
