import { describe, expect, it } from 'vitest';
import { PAID_CUSTOMER_SCHEDULING_LINK } from '../constants';
import b0 from '../../../../brands/0/config.json' with { type: 'json' };
import { holderConfigSchema } from './schema';
import { BRANDS, chatWidget, getBrand, holderIdForHost, parseBrandDomains, schedulingLink } from './registry';

describe('brand registry', () => {
  it('holds every brand config as the schema reads it: valid, and nothing left to a default', () => {
    for (const brand of BRANDS) expect(holderConfigSchema.parse(brand), `brand ${brand.holder_id}`).toEqual(brand);
    expect(BRANDS[0]).toBe(b0);
  });

  it('has ten brands with holder ids 0..9 and unique uids and names', () => {
    expect(BRANDS.map((b) => b.holder_id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(BRANDS.map((b) => b.holder_uid)).size).toBe(10);
    expect(new Set(BRANDS.map((b) => b.company_name)).size).toBe(10);
  });

  it('gives every brand the customer-relationship and widget-platform scripts and empty default meta tags', () => {
    for (const b of BRANDS) {
      expect(b.scripts.customer_relationship).toMatch(/^https:\/\//);
      expect(b.scripts.widget_platform).toMatch(/^https:\/\//);
      expect(b.meta_tags).toEqual([]);
    }
  });

  it('switches features differently between brands, most brands switching some off', () => {
    const signatures = new Set(BRANDS.map((b) => JSON.stringify(b.feature_flags)));
    expect(signatures.size).toBe(10);
    const withSomeOff = BRANDS.filter((b) => Object.entries(b.feature_flags).some(([k, v]) => k !== 'live_chat' && !v));
    expect(withSomeOff.length).toBeGreaterThan(5);
  });

  it('gives the live-chat widget to brand 6 only', () => {
    expect(BRANDS.filter((b) => chatWidget(b) !== null).map((b) => b.holder_id)).toEqual([6]);
    expect(chatWidget(getBrand(6))).toEqual({ websiteId: expect.any(String), scriptUrl: expect.stringMatching(/^https:/) });
  });

  it('falls back to brand 0 for unknown ids', () => {
    expect(getBrand(42).holder_id).toBe(0);
    expect(getBrand(undefined).holder_id).toBe(0);
  });

  it('maps hosts to holders', () => {
    expect(holderIdForHost('brand6.localhost:3000')).toBe(6);
    expect(holderIdForHost('brand0.localhost')).toBe(0);
    expect(holderIdForHost('localhost:3000')).toBe(0);
    expect(holderIdForHost('127.0.0.1:8080')).toBe(0);
    expect(holderIdForHost('evil.example.com')).toBe(0);
    expect(holderIdForHost(getBrand(3).domains[0])).toBe(3);
    expect(holderIdForHost('sales.acme.test', parseBrandDomains('sales.acme.test=7, bad=12, x'))).toBe(7);
  });

  it('switches the scheduling link on a paid plan only', () => {
    const b = getBrand(2);
    expect(schedulingLink(b, 'Trial')).toBe(b.calendly_link);
    expect(schedulingLink(b, 'Not paid')).toBe(b.calendly_link);
    expect(schedulingLink(b, null)).toBe(b.calendly_link);
    expect(schedulingLink(b, 'Growth')).toBe(PAID_CUSTOMER_SCHEDULING_LINK);
  });
});
