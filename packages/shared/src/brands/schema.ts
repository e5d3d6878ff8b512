import { z } from 'zod';

export const featureFlagsSchema = z.object({
  integrations: z.boolean(),
  crm_import_hubspot: z.boolean(),
  crm_import_salesforce: z.boolean(),
  zapier: z.boolean(),
  brand_awareness: z.boolean(),
  linkedin: z.boolean(),
  phone_calls: z.boolean(),
  calendar_sections: z.boolean(),
  upgrade_button: z.boolean(),
  live_chat: z.boolean(),
});
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;
export type FeatureFlag = keyof FeatureFlags;

export const helpLinkGroupSchema = z.object({
  title: z.string(),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
});

export const metaTagSchema = z.object({ name: z.string().optional(), property: z.string().optional(), content: z.string() });

/** The Holder config of spec §3, plus the brand's look and production domains. */
export const holderConfigSchema = z.object({
  holder_id: z.number().int().min(0).max(9),
  holder_name: z.string().min(1),
  holder_uid: z.string().min(1),
  company_name: z.string().min(1),
  company_head_title: z.string().min(1),
  logo: z.string(),
  favicon_big: z.string(),
  favicon_small: z.string(),
  share_image: z.string(),
  system_email: z.email(),
  calendly_link: z.url(),
  accent_color: z.string().regex(/^#[0-9a-f]{6}$/i),
  domains: z.array(z.string()),
  /** Where links in this brand's emails point in production (an https origin); see README's PUBLIC_ORIGIN. */
  public_origin: z.url({ protocol: /^https$/ }).refine((u) => new URL(u).origin === u, 'public_origin must be an origin (https://host, no path)'),
  meta_tags: z.array(metaTagSchema).default([]),
  help_links: z.array(helpLinkGroupSchema),
  feature_flags: featureFlagsSchema,
  constants: z.object({ chat_website_id: z.string().optional() }),
  scripts: z.object({
    customer_relationship: z.url(),
    widget_platform: z.url(),
    chat: z.url().optional(),
  }),
});
export type HolderConfig = z.infer<typeof holderConfigSchema>;

/** What GET /api/headers answers: the holder for the request. */
export const holderHeadersSchema = z.object({
  holder_id: z.number().int().min(0).max(9),
  holder_uid: z.string(),
  holder_name: z.string(),
});
export type HolderHeaders = z.infer<typeof holderHeadersSchema>;
