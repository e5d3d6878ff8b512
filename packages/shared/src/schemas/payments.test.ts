import { describe, expect, it } from 'vitest';
import { availableFeatureLabels, isFeatureSold, isLimitShown, PLAN_CATALOG, PRODUCT_FEATURES } from './payments';

describe('what a plan sells', () => {
  it('sells LinkedIn outreach and phone calls, which the product does, and nothing unbuilt', () => {
    expect(isFeatureSold('linkedin_outreach')).toBe(true);
    expect(isFeatureSold('phone_calls')).toBe(true);
    expect(isFeatureSold('visitor_tracking')).toBe(false);
    const scale = PLAN_CATALOG.find((p) => p.name === 'Scale')!;
    const labels = availableFeatureLabels(scale.features);
    for (const f of Object.values(PRODUCT_FEATURES)) expect(labels.includes(f.label)).toBe(f.available && scale.features.some((k) => PRODUCT_FEATURES[k].label === f.label));
  });

  it('does not sell on a brand what that brand switched off, nor its limit', () => {
    const scale = PLAN_CATALOG.find((p) => p.name === 'Scale')!;
    const off = availableFeatureLabels(scale.features, { linkedin: false, phone_calls: false });
    expect(off).not.toContain(PRODUCT_FEATURES.linkedin_outreach.label);
    expect(off).not.toContain(PRODUCT_FEATURES.phone_calls.label);
    expect(off).toContain(PRODUCT_FEATURES.email_outreach.label);
    expect(isLimitShown('linkedin_actions_per_day', { linkedin: false })).toBe(false);
    expect(isLimitShown('linkedin_actions_per_day', { linkedin: true })).toBe(true);
    expect(isLimitShown('phone_minutes_per_month')).toBe(true);
  });
});
