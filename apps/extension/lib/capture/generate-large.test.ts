// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { largeProfileHtml } from './__fixtures__/generate-large';
import { parseProfile } from './parse-profile';

describe('the large page for the capture benchmark', () => {
  it('is about the requested size and parses to the profile, lists capped by the schema', () => {
    const html = largeProfileHtml();
    expect(html.length).toBeGreaterThan(1_950_000);
    expect(html.length).toBeLessThan(2_100_000);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const t0 = performance.now();
    const result = parseProfile(doc, 'https://www.linkedin.com/in/bench-member/');
    const ms = performance.now() - t0;
    expect(result.kind).toBe('profile');
    if (result.kind !== 'profile') return;
    expect(result.profile.full_name).toBe('Jane Doe');
    expect(result.profile.experience.length).toBe(78);
    expect(result.profile.skills).toHaveLength(40);
    console.info(`parseProfile on ${(html.length / 1e6).toFixed(1)} MB: ${ms.toFixed(1)} ms (jsdom)`);
  });
});
