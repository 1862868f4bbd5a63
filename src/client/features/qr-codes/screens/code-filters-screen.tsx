import { Button } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { CodeFilterFields, filtersOf, searchOf } from '../components/code-filters';
import { useQrStyles } from '../qr-codes.styles';

/** spec §2 /qr-codes/filters: the level and type filters on a screen of their own, applied to the list. */
export default function CodeFiltersScreen() {
  const styles = useQrStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [filters, setFilters] = useState(() => filtersOf(search));

  return (
    <div className={styles.form}>
      <CodeFilterFields filters={filters} change={setFilters} />
      <div className={styles.actions}>
        <Button appearance="primary" onClick={() => navigate(`${href('r_qr-codes')}${searchOf(filters)}`)}>
          {t('qr-codes.codes.apply', 'Apply')}
        </Button>
        <Button onClick={() => setFilters({})}>{t('qr-codes.codes.clear', 'Clear filters')}</Button>
      </div>
    </div>
  );
}
