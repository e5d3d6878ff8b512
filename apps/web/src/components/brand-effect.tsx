import { useEffect } from 'react';
import { chatWidget, headScripts, type HolderHeaders } from '@shared/brands';
import { ERROR_MESSAGES } from '@shared/errors';
import { getPublicJson, publicUrls } from '@web/lib/public-fetch';
import { appendScript, readableTextOn, replaceBrandMeta, setLinkHref } from '@web/lib/head';
import { useBrandStore } from '@web/stores/brand';

declare global {
  interface Window {
    $crisp?: unknown[];
    CRISP_WEBSITE_ID?: string;
  }
}

const favicon = (size: 'big' | 'small') => () => {
  const link = document.createElement('link');
  link.rel = 'icon';
  link.type = 'image/svg+xml';
  link.setAttribute('data-brand-favicon', size);
  if (size === 'small') link.setAttribute('sizes', '16x16');
  return link;
};

/**
 * Resolves the holder (GET /api/headers → cookie; brand 0 when it fails) and applies the brand to
 * the document: favicons, meta tags and share image, accent colour, head scripts, and the chat
 * widget where the brand has one. The title suffix is applied by the shell with each page title.
 */
export function BrandEffect() {
  const { brand, status, applyHolder, fallback } = useBrandStore();
  useEffect(() => {
    let live = true;
    getPublicJson<HolderHeaders>(publicUrls.holderHeaders).then(
      (holder) => live && applyHolder(holder),
      (error: unknown) => {
        if (!live) return;
        console.error(ERROR_MESSAGES.holderHeadersFailed, error);
        fallback();
      },
    );
    return () => {
      live = false;
    };
  }, [applyHolder, fallback]);

  useEffect(() => {
    setLinkHref('link[data-brand-favicon="big"]', favicon('big'), brand.favicon_big);
    setLinkHref('link[data-brand-favicon="small"]', favicon('small'), brand.favicon_small);
    const root = document.documentElement;
    root.style.setProperty('--accent', brand.accent_color);
    root.style.setProperty('--accent-fg', readableTextOn(brand.accent_color));
    const shareImage = new URL(brand.share_image, window.location.origin).href;
    replaceBrandMeta([
      { name: 'description', content: brand.company_head_title },
      { name: 'application-name', content: brand.company_name },
      { name: 'theme-color', content: brand.accent_color },
      { property: 'og:site_name', content: brand.company_name },
      { property: 'og:title', content: brand.company_head_title },
      { property: 'og:type', content: 'website' },
      { property: 'og:image', content: shareImage },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:image', content: shareImage },
      ...brand.meta_tags,
    ]);
  }, [brand]);

  // Third-party scripts wait for the real holder, so a stale cookie never loads another brand's.
  useEffect(() => {
    if (status === 'pending') return;
    for (const src of headScripts(brand)) appendScript(src);
    const chat = chatWidget(brand);
    if (chat) {
      window.$crisp = [];
      window.CRISP_WEBSITE_ID = chat.websiteId;
      appendScript(chat.scriptUrl, { 'data-chat-widget': 'true' });
    }
  }, [brand, status]);

  return null;
}
