import b0 from '../../../../brands/0/config.json' with { type: 'json' };
import b1 from '../../../../brands/1/config.json' with { type: 'json' };
import b2 from '../../../../brands/2/config.json' with { type: 'json' };
import b3 from '../../../../brands/3/config.json' with { type: 'json' };
import b4 from '../../../../brands/4/config.json' with { type: 'json' };
import b5 from '../../../../brands/5/config.json' with { type: 'json' };
import b6 from '../../../../brands/6/config.json' with { type: 'json' };
import b7 from '../../../../brands/7/config.json' with { type: 'json' };
import b8 from '../../../../brands/8/config.json' with { type: 'json' };
import b9 from '../../../../brands/9/config.json' with { type: 'json' };
import { DEFAULT_HOLDER_ID, PAID_CUSTOMER_SCHEDULING_LINK, UNPAID_PLANS } from '../constants';
import type { FeatureFlag, HolderConfig } from './schema';

/**
 * The ten brands (holder_id 0..9), as their config files say. Brand 0 is the default. The files are
 * checked against holderConfigSchema by the registry test (each parses to itself: valid, nothing left
 * to a default), not at load: the web app reads this before its first paint and carries no zod there.
 */
export const BRANDS: readonly HolderConfig[] = [b0, b1, b2, b3, b4, b5, b6, b7, b8, b9] as unknown as HolderConfig[];

export function getBrand(holderId: number | null | undefined): HolderConfig {
  const brand = BRANDS.find((b) => b.holder_id === holderId);
  return brand ?? BRANDS[DEFAULT_HOLDER_ID]!;
}

export function getBrandByUid(uid: string | null | undefined): HolderConfig {
  return BRANDS.find((b) => b.holder_uid === uid) ?? BRANDS[DEFAULT_HOLDER_ID]!;
}

export function hasFeature(brand: HolderConfig, flag: FeatureFlag): boolean {
  return brand.feature_flags[flag];
}

/** The brand has a live-chat widget when its flag is on and its config carries the id and script. */
export function chatWidget(brand: HolderConfig): { websiteId: string; scriptUrl: string } | null {
  if (!brand.feature_flags.live_chat) return null;
  const websiteId = brand.constants.chat_website_id;
  const scriptUrl = brand.scripts.chat;
  return websiteId && scriptUrl ? { websiteId, scriptUrl } : null;
}

/** Head scripts every brand loads (spec §1); the chat widget is separate. */
export function headScripts(brand: HolderConfig): string[] {
  return [brand.scripts.customer_relationship, brand.scripts.widget_platform];
}

export function isPaidPlan(plan: string | null | undefined): boolean {
  if (!plan) return false;
  return !(UNPAID_PLANS as readonly string[]).includes(plan);
}

/** Spec §4: a plan other than Trial or Not paid switches to the paid-customer scheduling link. */
export function schedulingLink(brand: HolderConfig, plan: string | null | undefined): string {
  return isPaidPlan(plan) ? PAID_CUSTOMER_SCHEDULING_LINK : brand.calendly_link;
}

/**
 * Host → holder: brand<N>.localhost → N; localhost and 127.0.0.1 → 0; production domains from each
 * brand's config plus an optional extra map (BRAND_DOMAINS="host=id,host=id"); unknown → 0.
 */
export function holderIdForHost(host: string | null | undefined, extra: Record<string, number> = {}): number {
  if (!host) return DEFAULT_HOLDER_ID;
  const name = host.toLowerCase().replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  const local = /^brand(\d)\.localhost$/.exec(name);
  if (local) return Number(local[1]);
  if (name in extra) return extra[name]!;
  const brand = BRANDS.find((b) => b.domains.includes(name));
  return brand ? brand.holder_id : DEFAULT_HOLDER_ID;
}

export function parseBrandDomains(value: string | undefined): Record<string, number> {
  const map: Record<string, number> = {};
  for (const pair of (value ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const [host, id] = pair.split('=');
    const n = Number(id);
    if (host && Number.isInteger(n) && n >= 0 && n <= 9) map[host.toLowerCase()] = n;
  }
  return map;
}
