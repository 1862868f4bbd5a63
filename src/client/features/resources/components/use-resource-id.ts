import { useParams } from 'react-router-dom';

/** The :resource_id of the edit routes, or null when it is not a positive whole number. */
export function useResourceId(): number | null {
  const id = Number(useParams().resource_id);
  return Number.isInteger(id) && id > 0 ? id : null;
}
