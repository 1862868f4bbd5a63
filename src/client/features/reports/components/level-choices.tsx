import { Button, Checkbox } from '@fluentui/react-components';
import { ChevronDown16Regular, ChevronRight16Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useLabel } from '../../../i18n/i18n';
import { Loader } from '../../../ui/loader';
import { useLevelFinder } from '../api';
import { useReportStyles } from './reports.styles';

/**
 * The location filter: the level tree one level at a time (GET reports/levels/finder, then
 * levels/{id}/finder when a level is opened), a check box per level. A chosen level covers its subtree.
 */
export function LevelChoices({
  parentId,
  chosen,
  onToggle,
}: {
  parentId: number | null;
  chosen: readonly number[];
  onToggle: (id: number, on: boolean) => void;
}) {
  const styles = useReportStyles();
  const t = useLabel();
  const levels = useLevelFinder(parentId);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  if (!levels.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <ul className={styles.list} style={parentId === null ? undefined : { paddingInlineStart: '24px' }}>
      {levels.data.data.map((level) => (
        <li key={level.id}>
          <div className={styles.listItem}>
            {level.has_children && (
              <Button
                appearance="subtle"
                size="small"
                aria-expanded={open.has(level.id)}
                aria-label={t('reports.filter.open-level', 'Show the levels of {name}', { name: level.name })}
                icon={open.has(level.id) ? <ChevronDown16Regular /> : <ChevronRight16Regular />}
                onClick={() =>
                  setOpen((current) => {
                    const next = new Set(current);
                    if (next.has(level.id)) next.delete(level.id);
                    else next.add(level.id);
                    return next;
                  })
                }
              />
            )}
            <Checkbox
              label={t('reports.filter.level', '{name} ({count} resources)', {
                name: level.name,
                count: level.resources_count,
              })}
              checked={chosen.includes(level.id)}
              onChange={(_event, data) => onToggle(level.id, data.checked === true)}
            />
          </div>
          {open.has(level.id) && <LevelChoices parentId={level.id} chosen={chosen} onToggle={onToggle} />}
        </li>
      ))}
    </ul>
  );
}
