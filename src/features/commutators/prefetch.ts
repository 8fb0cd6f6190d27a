import type { ScreenPrefetch } from '@/app/screen-prefetch';
import { commutatorQueries } from './queries';

/** The device's matrix, asked for while the screen's code loads. */
export const prefetchCommutators: ScreenPrefetch = ({ params }, client) => client.prefetchQuery(commutatorQueries.matrix(params.mac ?? ''));
