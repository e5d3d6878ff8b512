import { describe, expect, it } from 'vitest';
import { ipDatabase } from './ip-db';
import { comparableName, companyNameFromOrg, isGenericHostname, networkKindOf, registrableDomain } from './networks';
import { identify, isCompanyLevelOnly, networkFacts, truncateIp } from './resolve';

describe('the offline IP tables and what a network says', () => {
  it('finds the network and country of IPv4 and IPv6 addresses, and nothing for private ones', async () => {
    const db = await ipDatabase();
    expect(db.asn('194.138.39.59')).toEqual({ asn: 15465, org: 'SIEMENS AG' });
    expect(db.country('194.138.39.59')).toBe('DE');
    expect(db.asn('2001:4860:4860::8888')).toMatchObject({ asn: 15169 });
    expect(db.asn('::ffff:17.253.144.10')).toMatchObject({ asn: 714 });
    expect(db.asn('10.1.2.3')).toBeNull();
    expect(db.asn('not an ip')).toBeNull();
    expect(db.size.asn).toBeGreaterThan(400_000);
  });

  it('knows clouds, ISPs and carriers from companies, by number first, then by name', async () => {
    expect(networkKindOf(16509, 'Amazon.com, Inc.')).toBe('hosting');
    expect(networkKindOf(7922, 'Comcast Cable Communications, LLC')).toBe('isp');
    expect(networkKindOf(22394, 'Cellco Partnership DBA Verizon Wireless')).toBe('mobile');
    expect(networkKindOf(64500, 'Example Hosting Ltd')).toBe('hosting');
    expect(networkKindOf(64501, 'Fastnet Telecom SA')).toBe('isp');
    expect(networkKindOf(64502, 'University of Somewhere')).toBe('education');
    expect(networkKindOf(15465, 'SIEMENS AG')).toBe('business');
    const amazon = await networkFacts('52.95.110.1');
    expect(identify(amazon, null)).toMatchObject({ companyName: null, signal: null, kind: 'hosting' });
    const loopback = await networkFacts('127.0.0.1');
    expect(loopback).toMatchObject({ kind: 'unknown', asn: null, network: '127.0.0.0/24' });
  });

  it('keeps only the network of an address: /24 and /48', () => {
    expect(truncateIp('203.0.113.77')).toBe('203.0.113.0/24');
    expect(truncateIp('2001:db8:1234:5678::1')).toBe('2001:db8:1234::/48');
    expect(truncateIp('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(truncateIp('2001:db8::1')).toBe('2001:db8:0::/48');
  });

  it('tells an organisation’s host name from a subscriber line’s', () => {
    expect(isGenericHostname('c-73-15-1-1.hsd1.ca.comcast.net', '73.15.1.1')).toBe(true);
    // The address in hex (Deutsche Telekom's dial-in pools).
    expect(isGenericHostname('p5b0d1234.dip0.t-ipconnect.de', '91.13.18.52')).toBe(true);
    expect(isGenericHostname('ec2-3-5-140-2.eu-west-2.compute.amazonaws.com', '3.5.140.2')).toBe(true);
    expect(isGenericHostname('dyn-pool-12.isp.example', '198.51.100.12')).toBe(true);
    expect(isGenericHostname('proxy-ber.siemens.com', '194.138.39.59')).toBe(false);
    expect(registrableDomain('gw1.nyc.acme.co.uk')).toBe('acme.co.uk');
    expect(registrableDomain('localhost')).toBeNull();
  });

  it('writes registry names as people do, and compares company names without legal forms', () => {
    expect(companyNameFromOrg('SIEMENS AG')).toBe('Siemens AG');
    expect(companyNameFromOrg('ACME-CORP-AS')).toBe('Acme-Corp');
    expect(companyNameFromOrg('Apple Inc.')).toBe('Apple Inc.');
    expect(comparableName('Northwind Traders, Inc.')).toBe(comparableName('NORTHWIND TRADERS'));
    expect(comparableName('Siemens AG')).toBe('siemens');
  });

  it('records EU, EEA and UK visitors at company level only', () => {
    for (const c of ['DE', 'FR', 'GB', 'NO']) expect(isCompanyLevelOnly(c)).toBe(true);
    for (const c of ['US', 'CA', null]) expect(isCompanyLevelOnly(c)).toBe(false);
  });
});
