import type { ScreenPrefetch } from '@/app/screen-prefetch';
import { flatCardQueries } from './queries';
import { parseFlatRoute } from './flat-route';

/** The flat's card, asked for while the screen's code loads. */
export const prefetchFlatCard: ScreenPrefetch = ({ params }, client) => {
  const ref = parseFlatRoute(params.houseUid, params.flatNum);
  return ref ? client.prefetchQuery(flatCardQueries.card(ref)) : Promise.resolve();
};
