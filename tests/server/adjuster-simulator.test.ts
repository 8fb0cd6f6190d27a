import { describe, expect, it } from 'vitest';
import { PortNotFoundError, type PortJobTask } from '../../server/gateways/network/network-gateway';
import { NetworkSimulator, PORTS_PER_STATION, SIMULATED_STATIONS, type AddressBookEntry } from '../../server/gateways/network/simulator';

const BOOK: AddressBookEntry[] = [
  { fiasId: 'f-1', address: 'г. Москва, ул. Первая, д. 1', entranceNum: 1 },
  { fiasId: 'f-1', address: 'г. Москва, ул. Первая, д. 1', entranceNum: 2 },
  { fiasId: 'f-2', address: 'г. Казань, ул. Вторая, д. 2', entranceNum: 1 },
];

function simulator(options: { seed?: number; failureShare?: number } = {}) {
  return new NetworkSimulator({ timeScale: 0, addressBook: async () => BOOK, ...options });
}

async function everyPort<T>(read: (bsName: string, portNum: number) => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  for (const bsName of SIMULATED_STATIONS) for (let portNum = 1; portNum <= PORTS_PER_STATION; portNum++) answers.push(await read(bsName, portNum));
  return answers;
}

const task = (id: number, attempt = 1): PortJobTask => ({ id, kind: 'changeVlanPort', bsName: 'BS-MSK-0001', portNum: 1, attempt });

// Pure simulator logic: no database, so one run is enough (it is not backend-specific).
describe('network simulator', () => {
  it('gives the same devices, cables and errors for the same seed, and other devices for another seed', async () => {
    const read = (sim: NetworkSimulator) =>
      everyPort(async (bsName, portNum) => ({
        device: await sim.device(bsName, portNum),
        cable: await sim.cableLength(bsName, portNum),
        errors: await sim.errorsOnPort(bsName, portNum),
        link: await sim.linkStatus(bsName, portNum),
      }));
    const first = await read(simulator({ seed: 7 }));
    expect(await read(simulator({ seed: 7 }))).toEqual(first);
    const other = await read(simulator({ seed: 8 }));
    expect(other.map((port) => port.device?.mac)).not.toEqual(first.map((port) => port.device?.mac));
    const macs = first.flatMap((port) => (port.device ? [port.device.mac] : []));
    expect(new Set(macs).size).toBe(macs.length);
    expect(macs.length).toBe(SIMULATED_STATIONS.length * (PORTS_PER_STATION - 2));
  });

  it('hands the address book out to the ports in order, skipping the ports without an address', async () => {
    const sim = simulator();
    expect(await sim.address('BS-MSK-0001', 1)).toEqual({ address: BOOK[0].address, entranceNum: 1, fiasId: 'f-1' });
    expect(await sim.address('BS-MSK-0001', 2)).toEqual({ address: BOOK[1].address, entranceNum: 2, fiasId: 'f-1' });
    expect(await sim.address('BS-MSK-0001', 4)).toEqual({ address: BOOK[0].address, entranceNum: 1, fiasId: 'f-1' });
    expect(await sim.address('BS-MSK-0002', 1)).toEqual(BOOK.map((entry) => ({ address: entry.address, entranceNum: entry.entranceNum, fiasId: entry.fiasId }))[24 % 3]);
    for (const portNum of [21, 22, 24]) expect(await sim.address('BS-MSK-0001', portNum)).toEqual({ address: null, entranceNum: null, fiasId: null });
    await expect(sim.address('BS-XXX', 1)).rejects.toBeInstanceOf(PortNotFoundError);
    await expect(sim.address('BS-MSK-0001', 25)).rejects.toThrow('На базовой станции BS-MSK-0001 нет порта 25');
  });

  it('fails the configured share of jobs, DDNS set-ups and preset uploads, the same ones for the same seed', async () => {
    const never = simulator({ failureShare: 0 });
    const always = simulator({ failureShare: 1 });
    const signal = new AbortController().signal;
    const running = async () => undefined;
    for (let id = 1; id <= 20; id++) {
      expect((await never.runPortJob(task(id), running, signal)).ok).toBe(true);
      expect(await always.runPortJob(task(id), running, signal)).toEqual({ ok: false, message: 'Коммутатор отклонил смену VLAN на порту', messageCode: 'portJob.vlanRefused', messageParams: {} });
    }
    expect((await never.setupDdns('02:00:00:00:00:01', '10.0.0.1')).ok).toBe(true);
    expect((await always.uploadPreset('02:00:00:00:00:01', 6, 'http://x')).ok).toBe(false);

    const outcomes = async (sim: NetworkSimulator) => {
      const list: boolean[] = [];
      for (let id = 1; id <= 200; id++) list.push((await sim.runPortJob(task(id), running, signal)).ok);
      return list;
    };
    const tenth = await outcomes(simulator({ seed: 3, failureShare: 0.1 }));
    expect(await outcomes(simulator({ seed: 3, failureShare: 0.1 }))).toEqual(tenth);
    const failed = tenth.filter((ok) => !ok).length;
    expect(failed).toBeGreaterThan(5);
    expect(failed).toBeLessThan(40);
  });

  it('fails the first job of each kind on port 19 whatever the share, and succeeds on the restart', async () => {
    const sim = simulator({ failureShare: 0 });
    const signal = new AbortController().signal;
    for (const kind of ['changeVlanPort', 'disablePort', 'enablePort'] as const) {
      const job = (id: number): PortJobTask => ({ id, kind, bsName: 'BS-SPB-0001', portNum: 19, attempt: 1 });
      expect(await sim.runPortJob(job(1), async () => undefined, signal)).toEqual({ ok: false, message: 'Порт сбросил соединение во время задания: перезапустите его', messageCode: 'portJob.connectionReset', messageParams: {} });
      expect((await sim.runPortJob(job(2), async () => undefined, signal)).ok).toBe(true);
    }
    // Another station's port 19 fails once too.
    expect((await sim.runPortJob({ ...task(3), portNum: 19, bsName: 'BS-KZN-0001' }, async () => undefined, signal)).ok).toBe(false);
  });

  it('reports the switch starting the job, and stops when aborted', async () => {
    const sim = new NetworkSimulator({ timeScale: 0.01, failureShare: 0, addressBook: async () => BOOK });
    const steps: string[] = [];
    const outcome = await sim.runPortJob(task(1), async () => void steps.push('running'), new AbortController().signal);
    expect(steps).toEqual(['running']);
    expect(outcome.ok).toBe(true);
    const abort = new AbortController();
    const pending = new NetworkSimulator({ timeScale: 1, addressBook: async () => BOOK }).runPortJob(task(2), async () => undefined, abort.signal);
    abort.abort();
    await expect(pending).rejects.toThrow();
    expect(await sim.runPortJob({ ...task(3), portNum: 99 }, async () => undefined, abort.signal)).toEqual({
      ok: false,
      message: 'На базовой станции BS-MSK-0001 нет порта 99',
      messageCode: 'port.portUnknown',
      messageParams: { station: 'BS-MSK-0001', port: 99 },
    });
  });
});
