import { Body1, Caption1 } from '@fluentui/react-components';
import { useEffect, useRef, type ReactNode } from 'react';
import type { Delegation, DelegationPerson } from '../../../../shared/contract/delegations';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useDelegations, type Direction } from '../api';
import { permissionLabel } from '../permission-labels';
import { useProfileStyles } from './profile.styles';

/**
 * The delegations the user gave (the other side is the delegate) or received (the delegator), each
 * with its permissions in words and the actions `actions` gives it. When a row goes with the focus
 * in it (its Remove or Give back), the focus moves to the list instead of falling to the page.
 */
export function DelegationList({
  direction,
  label,
  empty,
  actions,
}: {
  direction: Direction;
  label: string;
  empty: string;
  actions?: (delegation: Delegation, person: DelegationPerson) => ReactNode;
}) {
  const styles = useProfileStyles();
  const t = useLabel();
  const list = useDelegations(direction);
  const region = useRef<HTMLDivElement>(null);
  const count = list.data?.data.length;
  const previousCount = useRef(count);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (count !== undefined && previousCount.current !== undefined && count < previousCount.current && lost)
      region.current?.focus();
    previousCount.current = count;
  }, [count]);

  if (!list.data)
    return list.error ? (
      <ErrorText message={errorMessage(list.error)} />
    ) : (
      <Loader label={t('general.loading', 'Loading…')} />
    );
  const delegations = list.data.data;
  return (
    <div ref={region} tabIndex={-1} className={styles.region} role="region" aria-label={label}>
      {delegations.length === 0 ? (
        <Body1 role="status">{empty}</Body1>
      ) : (
        <ul className={styles.rows}>
          {delegations.map((delegation) => {
            const person = direction === 'given' ? delegation.delegated_to : delegation.delegated_by;
            return (
              <li key={delegation.id} className={styles.row}>
                <div className={styles.rowMain}>
                  <Body1>
                    <strong>{person.name}</strong>
                  </Body1>
                  <Caption1 className={styles.detail}>{person.email}</Caption1>
                  <ul
                    className={styles.permissions}
                    aria-label={t('profile.permissions-of', 'Delegated permissions: {name}', {
                      name: person.name,
                    })}
                  >
                    {delegation.permissions.map((name) => (
                      <li key={name}>
                        <Caption1>
                          {permissionLabel(t, name, direction)}
                          {!delegation.in_force.includes(name) &&
                            ` (${t(
                              'profile.permission.waiting',
                              'not in force: one of you no longer holds it; it works again once held',
                            )})`}
                        </Caption1>
                      </li>
                    ))}
                  </ul>
                </div>
                {actions && <div className={styles.actions}>{actions(delegation, person)}</div>}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
