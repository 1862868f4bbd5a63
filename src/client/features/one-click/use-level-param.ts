import { useSearchParams } from 'react-router-dom';

/** The level (?level=) and plan widget (?widget=) a one-click slots or map screen was opened for. */
export function useOneClickParams(): { levelId: number | null; widgetId: number | null } {
  const [params] = useSearchParams();
  return { levelId: Number(params.get('level')) || null, widgetId: Number(params.get('widget')) || null };
}
