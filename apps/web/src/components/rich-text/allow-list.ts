import { DEFAULT_PASTE_ALLOW_LIST, type PasteAllowList } from './paste';
import type { ToolbarControl } from './toolbar';

/**
 * TEMPORARY until packages/shared/src/rich-text/allow-list.ts lands: the tags and attributes a
 * toolbar's controls can produce in Quill's output. Replaced by the shared deriveAllowList.
 */
const CONTROL_TAGS: Partial<Record<ToolbarControl, { tags?: string[]; attributes?: string[] }>> = {
  bold: { tags: ['strong'] },
  italic: { tags: ['em'] },
  underline: { tags: ['u'] },
  strike: { tags: ['s'] },
  blockquote: { tags: ['blockquote'] },
  code: { tags: ['pre'] },
  header: { tags: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] },
  list: { tags: ['ol', 'ul', 'li'] },
  script: { tags: ['sub', 'sup'] },
  size: { attributes: ['style'] },
  color: { attributes: ['style'] },
  link: { tags: ['a'], attributes: ['href', 'target', 'rel'] },
  image: { tags: ['img'], attributes: ['src', 'alt'] },
  video: { tags: ['iframe'], attributes: ['src', 'frameborder', 'allowfullscreen'] },
};

export function allowListFor(toolbar: readonly ToolbarControl[]): PasteAllowList {
  const tags = new Set(DEFAULT_PASTE_ALLOW_LIST.tags);
  const attributes = new Set(DEFAULT_PASTE_ALLOW_LIST.attributes);
  for (const control of toolbar) {
    for (const t of CONTROL_TAGS[control]?.tags ?? []) tags.add(t);
    for (const a of CONTROL_TAGS[control]?.attributes ?? []) attributes.add(a);
  }
  return {
    tags: [...tags],
    attributes: [...attributes],
    allowLinks: toolbar.includes('link'),
    allowImages: toolbar.includes('image'),
    allowVideo: toolbar.includes('video'),
  };
}
