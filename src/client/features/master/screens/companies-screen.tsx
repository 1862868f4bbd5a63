import { Badge, Body1, SearchBox } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { matchesSearch } from '../../../../shared/text/search';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useCompanies } from '../api';
import { OpenAsAdministrator } from '../components/open-as-administrator';
import { useMasterStyles } from '../master.styles';

/** spec §2 /cx-manage-companies: every customer, searchable, each opening its edit screen. */
export default function CompaniesScreen() {
  const styles = useMasterStyles();
  const t = useLabel();
  const companies = useCompanies();
  const [query, setQuery] = useState('');

  if (companies.error) return <ErrorText message={errorMessage(companies.error)} />;
  if (!companies.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const shown = companies.data.data.filter(
    (company) => matchesSearch(company.name, query) || matchesSearch(company.subdomain, query),
  );

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <SearchBox
          className={styles.search}
          aria-label={t('general.actions.search', 'Search')}
          placeholder={t('general.actions.search', 'Search')}
          value={query}
          onChange={(_event, data) => setQuery(data.value)}
        />
        <AppLink to={href('r_cx-manage-companies-add-company')}>
          <Add20Regular aria-hidden /> {t('master.companies.add', 'Add company')}
        </AppLink>
      </div>
      {shown.length === 0 ? (
        <Body1 role="status">{t('master.companies.none', 'No companies found.')}</Body1>
      ) : (
        <ul className={styles.rows} aria-label={t('master.companies.title', 'Companies')}>
          {shown.map((company) => (
            <li key={company.id} className={styles.row}>
              <span className={styles.rowMain}>
                <AppLink to={href('r_cx-manage-companies-edit-company', { company_id: company.id })}>
                  {company.name}
                </AppLink>
                <Body1 className={styles.detail}>
                  {company.subdomain} ·{' '}
                  {t(
                    'master.companies.users',
                    { one: '{count} user', other: '{count} users' },
                    { count: company.users_count },
                  )}
                </Body1>
              </span>
              {company.deleted_at ? (
                <Badge appearance="tint" color="danger">
                  {t('master.companies.deleted', 'Deleted')}
                </Badge>
              ) : (
                <OpenAsAdministrator company={company} />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
