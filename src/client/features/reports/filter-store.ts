import { useEffect, useSyncExternalStore } from 'react';
import type { ReportSection } from '../../../shared/contract/reports';
import { defaultFilters, type ReportFilter } from '../../../shared/reports/filters';
import { fetchSearchFilters } from './api';

/**
 * Each report section's filters while the app is open: the report, its map, its search filters and
 * its save-preset screens read and change the same list. A section starts from the server's
 * search filters (the selected preset's, else the defaults).
 */
const lists = new Map<ReportSection, ReportFilter[]>();
const loading = new Set<ReportSection>();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function setReportFilters(section: ReportSection, filters: ReportFilter[]): void {
  lists.set(section, filters);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The section's filters (undefined while the first ones load) and the setter. */
export function useReportFilters(
  section: ReportSection,
): [ReportFilter[] | undefined, (next: ReportFilter[]) => void] {
  const filters = useSyncExternalStore(subscribe, () => lists.get(section));
  useEffect(() => {
    if (lists.has(section) || loading.has(section)) return;
    loading.add(section);
    fetchSearchFilters(section)
      .then((answer) => {
        if (!lists.has(section)) setReportFilters(section, answer.data as ReportFilter[]);
      })
      .catch(() => setReportFilters(section, defaultFilters(new Date().toISOString().slice(0, 10))))
      .finally(() => loading.delete(section));
  }, [section]);
  return [filters, (next) => setReportFilters(section, next)];
}
