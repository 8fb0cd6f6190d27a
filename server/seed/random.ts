/**
 * A small seeded PRNG (mulberry32): the same seed gives the same sequence on every machine,
 * which makes the seed data reproducible.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: `[[value, weight], …]`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1][0];
  }

  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const size = Math.min(count, copy.length);
    for (let i = 0; i < size; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, size);
  }

  bytes(count: number): Buffer {
    const buffer = Buffer.alloc(count);
    for (let i = 0; i < count; i++) buffer[i] = Math.floor(this.next() * 256);
    return buffer;
  }

  hex(count: number): string {
    return this.bytes(count).toString('hex').toUpperCase();
  }

  digits(count: number): string {
    let text = '';
    for (let i = 0; i < count; i++) text += String(this.int(0, 9));
    return text;
  }

  /** A version-4 GUID (FIAS ids, house and entrance uids). */
  guid(): string {
    const bytes = this.bytes(16);
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** Letters and digits without look-alikes. */
  password(length: number): string {
    const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    let text = '';
    for (let i = 0; i < length; i++) text += alphabet[Math.floor(this.next() * alphabet.length)];
    return text;
  }
}
