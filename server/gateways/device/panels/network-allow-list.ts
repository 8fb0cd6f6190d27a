import { BlockList, isIP } from 'node:net';

/**
 * The networks devices may be reached in (DEVICE_NETWORKS: comma-separated CIDRs, or single
 * addresses). Everything else is refused before a connection is opened: a device URL aimed at an
 * internal service, or any address outside the lab.
 */
export class NetworkAllowList {
  private readonly list = new BlockList();
  readonly networks: readonly string[];

  constructor(networks: readonly string[]) {
    for (const network of networks) {
      const [address, bits, extra] = network.split('/');
      const family = isIP(address);
      const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
      if (family === 0 || extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) {
        throw new Error(`DEVICE_NETWORKS: «${network}» is not a CIDR such as 192.168.10.0/24`);
      }
      this.list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
    }
    this.networks = [...networks];
  }

  /** DEVICE_NETWORKS as written: blank entries are ignored; none at all is an error (drivers need it). */
  static parse(text: string | undefined): NetworkAllowList {
    const networks = (text ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    if (networks.length === 0) throw new Error('DEVICE_NETWORKS is required with DEVICE_GATEWAY=drivers, e.g. 10.20.0.0/16,127.0.0.1/32');
    return new NetworkAllowList(networks);
  }

  allows(address: string): boolean {
    const family = isIP(address);
    if (family === 0) return false;
    return this.list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  }
}
