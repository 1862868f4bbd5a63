import { useRealtime } from '../../../realtime/hooks';

/**
 * spec §4 'connectors changed': a list screen refetches when another administrator (or another tab)
 * changes a connector. Only lists listen: an open edit screen would otherwise refetch an item that
 * was just deleted.
 */
export function useConnectorsChanged(refetch: () => void): void {
  useRealtime('connectors_changed', refetch);
}
