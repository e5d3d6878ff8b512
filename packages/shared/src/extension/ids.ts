/**
 * The extension's public key (manifest `key`) fixes its id for dev, tests and the unpacked build,
 * so the web app can reach it by id through externally_connectable. The id is derived from the key:
 * the first 32 hex chars of sha256(DER key), mapped 0-9a-f → a-p.
 */
export const EXTENSION_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAtWh/J9w6jxsMqAQVP5o1+XZHX/2aBwGTpFAurIuEfm3tI6qkpHqmWvClzgkjwiCz/rDNSp9208HdGAahiaXmYvZ7LKKIG2rIcjh4tS0eOBCGYqm6c+KwMhA+ODkIMHUXlbQosswdt1OGdvR8gASd9wWa77gIG/Zf5eleZJDXLi5IcSfolrfoY+r5YorYPcHovdlFYMIVm4GUQ3itNnOnahNhvGstJw6jbRBy3+b7HFcFNS/PIV5/0WMs3DsEc8ZZUI0AmhS3MrfQSIh72FqB1/JprS8muBWmI7u7c0VfL8kPr5ZIMQ2b/kGc4Xzu9N4xpSCpRwY5+7acIRKWf2tpKwIDAQAB';
export const EXTENSION_ID = 'coonhdgboainjfoojodocdgkmbhdelcm';

/** Pages allowed to message the extension (externally_connectable), plus brand domains from configuration. */
export function externallyConnectableMatches(extraDomains: string[] = []): string[] {
  const hosts = ['localhost', '127.0.0.1', ...Array.from({ length: 10 }, (_, i) => `brand${i}.localhost`)];
  return [
    ...hosts.map((h) => `http://${h}:*/*`),
    ...extraDomains.map((d) => `https://${d}/*`),
  ];
}
