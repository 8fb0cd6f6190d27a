import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeviceGroupsDialog } from '@/features/devices/components/device-groups-dialog';
import { stubFetch } from '../../helpers/fetch-stub';
import { jsonResponse, renderWithApp } from '../../helpers/render';

const GROUPS = [
  { groupId: 1, name: 'Северный район', buyerId: 1, parentId: null, uid: 'g-1' },
  { groupId: 2, name: 'Центр', buyerId: 1, parentId: 1, uid: 'g-2' },
  { groupId: 3, name: 'Северный район', buyerId: 2, parentId: null, uid: 'g-3' },
];

describe('DeviceGroupsDialog', () => {
  let urls: string[] = [];

  beforeEach(() => {
    urls = stubFetch((url) => {
      const buyer = new URL(url, 'http://app').searchParams.get('buyerId');
      const data = buyer === null ? GROUPS : GROUPS.filter((group) => group.buyerId === Number(buyer));
      return jsonResponse(200, { result: true, data, pagination: { count: data.length, page: 1, pageCount: 1, pageSize: 20, totalCount: data.length } });
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const open = (buyerId?: number) =>
    renderWithApp(<DeviceGroupsDialog open macs={['AA:BB:CC:00:00:01']} buyerId={buyerId} onClose={() => undefined} onSubmit={async () => undefined} />);

  it("offers only the devices' buyer's groups, a nested one indented under its parent", async () => {
    open(1);
    await screen.findByRole('checkbox', { name: 'Центр' });
    expect(urls).toEqual(['/front/groups?page=1&buyerId=1']);
    const names = screen.getAllByRole('checkbox').filter((box) => box.getAttribute('type') === 'checkbox').map((box) => box.closest('label')?.textContent);
    expect(names).toEqual(['Северный район', 'Центр']);
    const child = screen.getByRole('checkbox', { name: 'Центр' }).closest('label');
    expect(child?.getAttribute('title')).toBe('Северный район › Центр');
  });

  it("names each group's buyer when the devices are of several buyers", async () => {
    open(undefined);
    await screen.findByRole('checkbox', { name: 'Центр (покупатель 1)' });
    expect(urls).toEqual(['/front/groups?page=1']);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Северный район (покупатель 2)' })).toBeTruthy());
    expect(screen.getByRole('checkbox', { name: 'Северный район (покупатель 1)' })).toBeTruthy();
  });
});
