import { expect } from 'vitest';
import { v1, type signedInUser, type TestApp } from '../../testing/harness';

/** Ownership probes for compliance_settings (spread into routes.test.ts). */
type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

const url = v1('/compliance_settings');
const settingsOf = async (t: TestApp, p: Person) => (await t.app.inject({ method: 'GET', url, headers: p.headers })).json().data;

export const complianceOwnershipProbes: Record<string, Probe> = {
  'GET /api/v1/compliance_settings': async (t, a, b) => {
    const saved = await t.app.inject({ method: 'PUT', url, headers: a.headers, payload: { compliance_footer: true, postal_address: 'A-street 1, Aville', gdpr_notice: true } });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url, headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('A-street 1');
  },
  'PUT /api/v1/compliance_settings': async (t, a, b) => {
    await t.app.inject({ method: 'PUT', url, headers: a.headers, payload: { compliance_footer: true, postal_address: 'A-street 1, Aville', gdpr_notice: false } });
    const res = await t.app.inject({ method: 'PUT', url, headers: b.headers, payload: { compliance_footer: false, postal_address: 'B-road 2', gdpr_notice: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await settingsOf(t, a)).toMatchObject({ compliance_footer: true, postal_address: 'A-street 1, Aville', gdpr_notice: false });
    expect(await settingsOf(t, b)).toMatchObject({ compliance_footer: false, postal_address: 'B-road 2', gdpr_notice: true });
  },
};
