import { useParams } from 'react-router-dom';
import PassList from '../components/pass-list';
import PassView from '../components/pass-view';

/** spec §2 Plan /pass/{pass_id?}: my passes, or one pass large enough to scan. */
export default function PassesScreen() {
  const { pass_id } = useParams();
  const id = pass_id ? Number(pass_id) : null;
  return id !== null && Number.isInteger(id) && id > 0 ? <PassView id={id} /> : <PassList />;
}
