import { Body1, Button, Field, Select, Subtitle2 } from '@fluentui/react-components';
import { useState } from 'react';
import type { ExplainRule } from '../../../../shared/contract/access';
import { useApi } from '../../../api/swr';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { PeopleSearch, type Person } from '../../../ui/people-search';
import { useExplanation } from '../api';
import { useAccessStyles } from './access.styles';

type Named = { id: number; name: string; path?: string };

/**
 * "Why can't they book this?" (issue 38): pick a person and a level or one of its resources; every
 * rule that grants or refuses, with the container and role it comes from.
 */
export default function AccessCheckScreen() {
  const styles = useAccessStyles();
  const t = useLabel();
  const [person, setPerson] = useState<Person | null>(null);
  const [levelId, setLevelId] = useState<number | null>(null);
  const [resourceId, setResourceId] = useState<number | null>(null);
  const levels = useApi<{ data: Named[] }>('/api/company/v1/levels/all', {
    searchParams: { depth: 'ALL', per_page: 200 },
  });
  const resources = useApi<{ data: Named[] }>(levelId === null ? null : '/api/company/v1/resources', {
    searchParams: { level_id: levelId ?? undefined, per_page: 200, page: 1 },
  });
  const explained = useExplanation(
    person && levelId !== null
      ? { user_id: person.id, ...(resourceId !== null ? { resource_id: resourceId } : { level_id: levelId }) }
      : null,
  );
  const ruleText = (rule: ExplainRule) => {
    const where = rule.container ? `“${rule.container.name}”` : '';
    const role = rule.role ? ` · ${rule.role.name}` : '';
    const kinds: Record<ExplainRule['kind'], string> = {
      open: t('access.check.open', 'No container restricts it'),
      granted: t('access.check.granted', 'Granted'),
      'not-member': t('access.check.not-member', 'Not among the container’s people'),
      'not-granted': t('access.check.not-granted', 'No role grants it'),
      'resource-roles': t('access.check.resource-roles', 'Kept for some roles'),
    };
    return `${rule.permission}: ${kinds[rule.kind]} ${where}${role}`.trim();
  };
  return (
    <div className={styles.page}>
      {person ? (
        <Body1>
          {t('access.check.person', 'Person')}: {person.name}{' '}
          <Button appearance="subtle" size="small" onClick={() => setPerson(null)}>
            {t('access.check.change', 'Change')}
          </Button>
        </Body1>
      ) : (
        <PeopleSearch
          label={t('access.check.find', 'Find a person')}
          actionLabel={(found) => t('access.check.pick', 'Check {name}').replace('{name}', found.name)}
          exclude={() => false}
          onPick={setPerson}
        />
      )}
      <Field label={t('access.check.level', 'Level')}>
        <Select
          value={levelId === null ? '' : String(levelId)}
          onChange={(_event, data) => {
            setLevelId(data.value === '' ? null : Number(data.value));
            setResourceId(null);
          }}
        >
          <option value="">—</option>
          {levels.data?.data.map((level) => (
            <option key={level.id} value={level.id}>
              {level.path || level.name}
            </option>
          ))}
        </Select>
      </Field>
      {levelId !== null && (
        <Field label={t('access.check.resource', 'Resource (optional)')}>
          <Select
            value={resourceId === null ? '' : String(resourceId)}
            onChange={(_event, data) => setResourceId(data.value === '' ? null : Number(data.value))}
          >
            <option value="">—</option>
            {resources.data?.data.map((resource) => (
              <option key={resource.id} value={resource.id}>
                {resource.name}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {explained.error ? (
        <ErrorText message={explained.error.message} />
      ) : explained.isLoading ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : explained.data ? (
        <section className={styles.section} aria-labelledby="access-verdict" aria-live="polite">
          <Subtitle2 id="access-verdict">
            {explained.data.target.name}:{' '}
            {explained.data.may_book
              ? t('access.check.may-book', 'may see and book')
              : explained.data.may_see
                ? t('access.check.may-see', 'may see, may not book')
                : t('access.check.may-not', 'may neither see nor book')}
          </Subtitle2>
          {explained.data.message && <Body1>{explained.data.message}</Body1>}
          <ul className={styles.rows} aria-label={t('access.check.rules', 'Rules')}>
            {explained.data.rules.map((rule, index) => (
              <li key={index} className={styles.row}>
                <Body1 className={rule.effect === 'grant' ? styles.allow : styles.refuse}>
                  {rule.effect === 'grant'
                    ? t('access.check.grants', 'Grants')
                    : t('access.check.refuses', 'Refuses')}
                </Body1>
                <Body1>{ruleText(rule)}</Body1>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
