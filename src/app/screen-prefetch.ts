import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router-dom';

/** Where a route starts: its path parameters and its query string. */
export interface ScreenMatch {
  params: Params;
  search: URLSearchParams;
}

/**
 * Starts the request a screen shows first, with the same query the screen then reads. The route's
 * loader runs it beside the screen's code and the permissions, so on a first open the answer is
 * on its way before the screen renders instead of after its commit.
 */
export type ScreenPrefetch = (match: ScreenMatch, client: QueryClient) => Promise<unknown>;
