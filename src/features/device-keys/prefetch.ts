import type { ScreenPrefetch } from '@/app/screen-prefetch';
import { parseListState } from '@/components/list-table/list-state-model';
import { KEY_LIST_STATE, keyListRequest } from './model';
import { deviceKeyQueries } from './queries';

/** The page of keys the URL names, asked for while the screen's code loads. */
export function prefetchDeviceKeys(rs: boolean): ScreenPrefetch {
  return ({ params, search }, client) => client.prefetchQuery(deviceKeyQueries.list(keyListRequest(params.mac ?? '', rs, parseListState(search, KEY_LIST_STATE))));
}
