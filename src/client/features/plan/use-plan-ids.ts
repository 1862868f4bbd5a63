import { useParams, useSearchParams } from 'react-router-dom';

const positive = (raw: string | null | undefined) => {
  const id = Number(raw);
  return raw && /^\d+$/.test(raw) && id > 0 ? id : null;
};

/** The :plan_level_id of the plan routes, or null when it is not a positive whole number. */
export const usePlanLevelId = () => positive(useParams().plan_level_id);

/** The resource of the slots screens: :resource_id, else the resourceId query (a level's only one). */
export function usePlanResourceId(): number | null {
  const params = useParams();
  const [search] = useSearchParams();
  return positive(params.resource_id) ?? positive(search.get('resourceId'));
}
