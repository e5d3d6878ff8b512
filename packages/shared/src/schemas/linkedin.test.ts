import { describe, expect, it } from 'vitest';
import { canonicalLinkedInProfileUrl, linkedInPublicIdentifier, profileUrlSchema } from './linkedin';

describe('canonical LinkedIn profile URLs', () => {
  it('drops tracking parameters, sub-pages and case of vanity names', () => {
    expect(canonicalLinkedInProfileUrl('https://www.linkedin.com/in/Jane-Doe/?trk=abc#experience')).toBe('https://www.linkedin.com/in/jane-doe/');
    expect(canonicalLinkedInProfileUrl('https://linkedin.com/in/jane-doe/details/experience/')).toBe('https://www.linkedin.com/in/jane-doe/');
    expect(canonicalLinkedInProfileUrl('https://de.linkedin.com/in/jane-doe')).toBe('https://www.linkedin.com/in/jane-doe/');
  });

  it("keeps the case of LinkedIn's internal member ids, which are case-sensitive", () => {
    expect(canonicalLinkedInProfileUrl('https://www.linkedin.com/in/ACoAABcdEfG123_x/')).toBe('https://www.linkedin.com/in/ACoAABcdEfG123_x/');
  });

  it('keeps non-Latin vanity names, percent-encoded', () => {
    expect(canonicalLinkedInProfileUrl('https://www.linkedin.com/in/%E5%B1%B1%E7%94%B0/')).toBe('https://www.linkedin.com/in/%E5%B1%B1%E7%94%B0/');
    expect(linkedInPublicIdentifier('https://www.linkedin.com/in/%E5%B1%B1%E7%94%B0/')).toBe('山田');
  });

  it('refuses pages that are not member profiles and other hosts', () => {
    for (const url of ['https://www.linkedin.com/feed/', 'https://www.linkedin.com/company/acme/', 'https://evil.com/in/jane/', 'https://linkedin.com.evil.com/in/jane/', 'not a url']) {
      expect(canonicalLinkedInProfileUrl(url), url).toBeNull();
    }
    expect(profileUrlSchema.safeParse('https://www.linkedin.com/feed/').success).toBe(false);
  });
});
