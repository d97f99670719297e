import { parseId } from '@logbook/service-kit/errors';
import { internalRouter } from '@logbook/service-kit/internal';
import { deleteFamily, exportFamily } from './family';

/** For svc-auth's account export and deletion. */
export const familyRouter = internalRouter();

familyRouter.get('/internal/families/:parentId/export', async (req, res) => {
  res.json(await exportFamily(parseId(req.params.parentId)));
});

familyRouter.delete('/internal/families/:parentId', async (req, res) => {
  await deleteFamily(parseId(req.params.parentId));
  res.status(204).end();
});
