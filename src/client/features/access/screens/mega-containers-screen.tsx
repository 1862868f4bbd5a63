import { Body1 } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { createMegaContainer, useMegaContainers } from '../api';
import { NameForm } from '../components/name-form';
import { useAccessStyles } from './access.styles';

/** spec §2 /containers-mega (MEGA_CONTAINERS): the mega containers, and a new one by its name. */
export default function MegaContainersScreen() {
  const styles = useAccessStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const list = useMegaContainers();
  const mayAdd = can(useInitialData()?.general_permissions ?? [], ['MEGA_CONTAINERS', 'create']);
  return (
    <div className={styles.page}>
      {mayAdd && (
        <NameForm
          label={t('access.mega.add', 'Add mega container')}
          onSave={async (name) => {
            const created = await createMegaContainer(name);
            navigate(`/containers-mega/edit/${created.id}`);
          }}
        />
      )}
      {list.error ? (
        <ErrorText message={list.error.message} />
      ) : !list.data ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : (
        <ul className={styles.rows} aria-label={t('access.mega.title', 'Mega containers')}>
          {list.data.data.map((mega) => (
            <li key={mega.id} className={styles.row}>
              <div className={styles.rowMain}>
                <AppLink to={`/containers-mega/edit/${mega.id}`}>{mega.name}</AppLink>
                <Body1 className={styles.detail}>{mega.containers.map((c) => c.name).join(', ')}</Body1>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
