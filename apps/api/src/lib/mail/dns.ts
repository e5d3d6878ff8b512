import { Resolver } from 'node:dns/promises';

/** The DNS look-ups the sending-domain checks and the visitors' reverse DNS need; node:dns in production, a loopback server in tests. */
export type DnsResolver = {
  /** TXT records, each joined from its strings; [] when the name has none or does not exist. */
  txt(name: string): Promise<string[]>;
  /** MX hosts by preference; [] when none. */
  mx(name: string): Promise<Array<{ exchange: string; priority: number }>>;
  /** PTR names of an address (reverse DNS; website visitors' company resolution); [] when none. */
  reverse(ip: string): Promise<string[]>;
};

const EMPTY = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN', 'ENONAME']);

/** `servers`: "1.1.1.1", "127.0.0.1:5353" (DNS_SERVERS); none: the system's resolvers. */
export function dnsResolver(options: { servers?: readonly string[]; timeoutMs?: number } = {}): DnsResolver {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 5000, tries: 2 });
  if (options.servers?.length) resolver.setServers([...options.servers]);
  const orEmpty = async <T>(lookup: () => Promise<T[]>): Promise<T[]> => {
    try {
      return await lookup();
    } catch (err) {
      if (EMPTY.has((err as NodeJS.ErrnoException).code ?? '')) return [];
      throw err;
    }
  };
  return {
    txt: async (name) => (await orEmpty(() => resolver.resolveTxt(name))).map((parts) => parts.join('')),
    mx: async (name) => (await orEmpty(() => resolver.resolveMx(name))).sort((a, b) => a.priority - b.priority),
    reverse: (ip) => orEmpty(() => resolver.reverse(ip)),
  };
}
