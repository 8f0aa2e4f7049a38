import { Navigate } from 'react-router';
import { rememberedLink } from '../../lib/nav-memory';

/** /study/trains goes to the last chosen training (default trains_p1). */
export function TrainsEntry() {
  return <Navigate to={`/trains/${rememberedLink('trains')}`} replace />;
}

/** /study/materials goes to the last chosen tab (default search_video). */
export function MaterialsEntry() {
  return <Navigate to={`/materials/${rememberedLink('materials')}`} replace />;
}
