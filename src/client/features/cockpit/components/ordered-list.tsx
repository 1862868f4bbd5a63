import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { ArrowDown16Regular, ArrowUp16Regular, ReOrderDotsVertical16Regular } from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';
import { useLabel } from '../../../i18n/i18n';

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    cursor: 'grab',
    '@media (forced-colors: active)': { border: `${tokens.strokeWidthThin} solid CanvasText` },
  },
  target: { outline: `${tokens.strokeWidthThick} dashed ${tokens.colorBrandStroke1}` },
  name: { flexGrow: 1, minWidth: '8em' },
  handle: { color: tokens.colorNeutralForeground3 },
});

export interface OrderedEntry {
  key: string;
  name: string;
}

/**
 * A list put in order by pointer (drag a row onto another) or by keyboard and pointer alike (each
 * row's move up and move down buttons). `onOrder` gets the keys in their new order.
 */
export function OrderedList({
  entries,
  busy,
  onOrder,
  actions,
  label,
}: {
  entries: readonly OrderedEntry[];
  busy: boolean;
  onOrder: (keys: string[]) => void;
  actions?: (entry: OrderedEntry) => ReactNode;
  label: string;
}) {
  const styles = useStyles();
  const t = useLabel();
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= entries.length) return;
    const keys = entries.map((entry) => entry.key);
    const [key] = keys.splice(from, 1);
    keys.splice(to, 0, key!);
    onOrder(keys);
  };
  return (
    <ul className={styles.list} aria-label={label}>
      {entries.map((entry, index) => (
        <li
          key={entry.key}
          className={mergeClasses(styles.row, over === index && dragged !== index && styles.target)}
          draggable={!busy}
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', entry.key);
            setDragged(index);
          }}
          onDragOver={(event) => {
            if (dragged === null) return;
            event.preventDefault();
            setOver(index);
          }}
          onDragLeave={() => setOver((current) => (current === index ? null : current))}
          onDrop={(event) => {
            event.preventDefault();
            if (dragged !== null) move(dragged, index);
            setDragged(null);
            setOver(null);
          }}
          onDragEnd={() => {
            setDragged(null);
            setOver(null);
          }}
        >
          <ReOrderDotsVertical16Regular className={styles.handle} aria-hidden />
          <Text className={styles.name}>{entry.name}</Text>
          <Button
            size="small"
            icon={<ArrowUp16Regular />}
            disabled={busy || index === 0}
            aria-label={t('cockpit.move-up', 'Move {name} up', { name: entry.name })}
            onClick={() => move(index, index - 1)}
          />
          <Button
            size="small"
            icon={<ArrowDown16Regular />}
            disabled={busy || index === entries.length - 1}
            aria-label={t('cockpit.move-down', 'Move {name} down', { name: entry.name })}
            onClick={() => move(index, index + 1)}
          />
          {actions?.(entry)}
        </li>
      ))}
    </ul>
  );
}
