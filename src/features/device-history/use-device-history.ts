import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { HISTORY_PAGE_SIZE, type HistoryEvent } from '@contract/history';
import { ACCESS_RULES } from '@/app/access-rules';
import { useUrlListState } from '@/components/list-table/use-url-list-state';
import { useTimezone } from '@/lib/preferences';
import { useSession } from '@/lib/session';
import { downloadHistoryExport } from './api';
import { eventsWithImages, historyFilterQuery, historyListQuery, isFiltered, stepImage, HISTORY_LIST_STATE } from './model';
import { historyQueries } from './queries';

/** Where the rows may link: the screens the user may open (the server refuses the rest anyway). */
export interface HistoryLinks {
  devices: boolean;
  keys: boolean;
  users: boolean;
  flats: boolean;
}

/** `/devices/history`: the filtered events of the user's devices, paged from 0 in the URL; the image modal; the CSV export. */
export function useDeviceHistory() {
  const session = useSession();
  const timeZone = useTimezone();
  const list = useUrlListState(HISTORY_LIST_STATE);
  const query = useQuery({ ...historyQueries.list(historyListQuery(list, timeZone)), enabled: session.ready });
  const rows = query.data?.data ?? [];
  const perPage = query.data?.pagination?.pageSize || HISTORY_PAGE_SIZE;
  const numberPages = Math.max(1, query.data?.numberPages ?? 1);

  const images = eventsWithImages(rows);
  // The open snapshot is remembered by its event, so a refreshed page keeps it (or closes it when it is gone).
  const [shown, setShown] = useState<HistoryEvent | null>(null);
  const imageIndex = shown === null ? -1 : images.findIndex((event) => event === shown || (event.id !== undefined && event.id === shown.id));
  const step = (delta: 1 | -1) => {
    const next = stepImage(imageIndex, images.length, delta);
    if (next !== null) setShown(images[next]);
  };

  const [exporting, setExporting] = useState<{ pending: boolean; cut: boolean; done: boolean; error: unknown }>({ pending: false, cut: false, done: false, error: null });
  const runExport = async (save: (file: Blob, fileName: string | null) => void) => {
    setExporting({ pending: true, cut: false, done: false, error: null });
    try {
      const answer = await downloadHistoryExport(historyFilterQuery(list.filters, timeZone));
      save(answer.file, answer.fileName);
      setExporting({ pending: false, cut: answer.cut, done: true, error: null });
    } catch (error) {
      setExporting({ pending: false, cut: false, done: false, error });
    }
  };

  return {
    list,
    rows,
    filtered: isFiltered(list.filters),
    numberPages,
    perPage,
    /** The server stopped counting: more pages follow than `numberPages` says. */
    capped: query.data?.countCapped === true,
    loading: query.isFetching || !session.ready,
    firstLoad: query.isPending,
    error: query.error,
    retry: () => void query.refetch(),
    links: {
      devices: ACCESS_RULES.devices.allows(session),
      keys: ACCESS_RULES.deviceKeys.allows(session),
      users: ACCESS_RULES.users.allows(session),
      flats: ACCESS_RULES.housing.allows(session),
    } satisfies HistoryLinks,
    image: {
      images,
      /** The open snapshot's place among the page's snapshots; -1 when none is open. */
      index: imageIndex,
      open: (event: HistoryEvent) => setShown(event),
      close: () => setShown(null),
      next: () => step(1),
      previous: () => step(-1),
    },
    exporting,
    runExport,
    dismissExport: () => setExporting({ pending: false, cut: false, done: false, error: null }),
  };
}

export type DeviceHistoryModel = ReturnType<typeof useDeviceHistory>;
