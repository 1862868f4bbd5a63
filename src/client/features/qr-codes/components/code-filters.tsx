import { Dropdown, Field, Option } from '@fluentui/react-components';
import { resourceTypePaths, type ResourceType } from '../../../../shared/contract/resource-types';
import { useApi } from '../../../api/swr';
import { useLabel } from '../../../i18n/i18n';
import { useAllLevels } from '../../levels/api';
import type { CodeFilters } from '../api';
import { useQrStyles } from '../qr-codes.styles';

const ALL = 'all';

/** The filters from the address: ?level_id= and ?type= (spec §9: Levels/Type for QR codes). */
export function filtersOf(search: URLSearchParams): CodeFilters {
  const id = (name: string) => {
    const value = search.get(name);
    return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
  };
  return { level_id: id('level_id'), type: id('type') };
}

export function searchOf(filters: CodeFilters): string {
  const search = new URLSearchParams();
  if (filters.level_id !== undefined) search.set('level_id', String(filters.level_id));
  if (filters.type !== undefined) search.set('type', String(filters.type));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** spec §9 default filter sections for QR codes: the level (with its sublevels) and the resource type. */
export function CodeFilterFields({
  filters,
  change,
}: {
  filters: CodeFilters;
  change: (filters: CodeFilters) => void;
}) {
  const styles = useQrStyles();
  const t = useLabel();
  const levels = useAllLevels();
  const types = useApi<{ data: ResourceType[] }>(resourceTypePaths.all);
  const everything = t('qr-codes.codes.all', 'All');
  const levelName = levels.data?.data.find((level) => level.id === filters.level_id);
  const typeName = types.data?.data.find((type) => type.id === filters.type);
  const pick = (value: string | undefined) => (value && value !== ALL ? Number(value) : undefined);

  return (
    <>
      <Field className={styles.filter} label={t('qr-codes.codes.level', 'Level')}>
        <Dropdown
          value={levelName ? levelName.path || levelName.name : everything}
          selectedOptions={[filters.level_id === undefined ? ALL : String(filters.level_id)]}
          onOptionSelect={(_event, data) => change({ ...filters, level_id: pick(data.optionValue) })}
        >
          <Option value={ALL}>{everything}</Option>
          {(levels.data?.data ?? []).map((level) => (
            <Option key={level.id} value={String(level.id)}>
              {level.path || level.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field className={styles.filter} label={t('qr-codes.codes.type', 'Type')}>
        <Dropdown
          value={typeName ? typeName.name : everything}
          selectedOptions={[filters.type === undefined ? ALL : String(filters.type)]}
          onOptionSelect={(_event, data) => change({ ...filters, type: pick(data.optionValue) })}
        >
          <Option value={ALL}>{everything}</Option>
          {(types.data?.data ?? []).map((type) => (
            <Option key={type.id} value={String(type.id)}>
              {type.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
    </>
  );
}
