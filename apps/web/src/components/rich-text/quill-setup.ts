import { Quill } from 'react-quill-new';
import type ClipboardModule from 'quill/modules/clipboard';
import type { Range } from 'quill';
import { sanitizeLinkHref, sanitizeVideoSrc } from '@shared/rich-text/allow-list';
import { FONT_SIZES, FONT_VALUES, LEGACY_SIZE_PX } from './constants';
import {
  linkForPastedText,
  pastedImageFiles,
  sanitizePastedHtml,
  type PasteAllowList,
} from './paste';

/** Per-instance paste settings, passed as `modules.clipboard.richText`. */
export type RichTextClipboardOptions = {
  allowList: PasteAllowList;
  magicPaste: boolean;
  /** CSS properties a pasted style attribute may keep. */
  styleProperties: readonly string[];
};

type Attributor = { whitelist: string[] | undefined };
type LinkFormat = { PROTOCOL_WHITELIST: string[]; SANITIZED_URL: string; sanitize(url: string): string };
/** An embed that loads nothing: where a typed video address is not on the embed-host list. */
const EMPTY_EMBED = 'about:blank';
type DeltaCtor = new () => { retain(length: number, attributes?: Record<string, unknown>): unknown };
type DeltaLike = { length(): number; compose(other: unknown): DeltaLike };

let registered = false;

/**
 * Registers the spec's formats on Quill once: fonts of §3 as a class whitelist, sizes 8–36px as
 * an inline-style attributor, links limited to http/https/mailto/tel (else a blank address), video
 * only from the allowed embed hosts, and the clipboard that runs the paste rules.
 */
export function setupQuill(): void {
  if (registered) return;
  registered = true;

  const font = Quill.import('formats/font') as unknown as Attributor;
  font.whitelist = [...FONT_VALUES];
  Quill.register(font as never, true);

  const size = Quill.import('attributors/style/size') as unknown as Attributor;
  size.whitelist = [...FONT_SIZES];
  Quill.register(size as never, true);

  const link = Quill.import('formats/link') as unknown as LinkFormat;
  link.PROTOCOL_WHITELIST = ['http', 'https', 'mailto', 'tel'];
  link.SANITIZED_URL = '';
  // The shared rule for typed and pasted links alike: http, https, mailto, tel, else a blank address.
  link.sanitize = (url: string) => sanitizeLinkHref(url);

  const video = Quill.import('formats/video') as unknown as { sanitize(url: string): string };
  video.sanitize = (url: string) => sanitizeVideoSrc(url) ?? EMPTY_EMBED;

  const Clipboard = Quill.import('modules/clipboard') as unknown as typeof ClipboardModule;
  const Delta = Quill.import('delta') as unknown as DeltaCtor;

  class RuleClipboard extends Clipboard {
    private get richText(): RichTextClipboardOptions | undefined {
      return (this.options as { richText?: RichTextClipboardOptions }).richText;
    }

    constructor(quill: ConstructorParameters<typeof ClipboardModule>[0], options: ConstructorParameters<typeof ClipboardModule>[1]) {
      super(quill, options);
      // Legacy size classes (spec §9's small/large/huge) load as their px equivalents.
      this.addMatcher(Node.ELEMENT_NODE, (node, delta) => {
        const el = node as Element;
        const legacy = (Object.keys(LEGACY_SIZE_PX) as (keyof typeof LEGACY_SIZE_PX)[]).find((k) =>
          el.classList?.contains(`ql-size-${k}`),
        );
        if (!legacy) return delta;
        const d = delta as unknown as DeltaLike;
        const format = new Delta();
        format.retain(d.length(), { size: LEGACY_SIZE_PX[legacy] });
        return d.compose(format) as unknown as typeof delta;
      });
    }

    override onPaste(range: Range, { text, html }: { text?: string; html?: string }): void {
      const rt = this.richText;
      if (!rt) return super.onPaste(range, { text, html });
      const href = linkForPastedText(text ?? '', range.length, { allowLinks: rt.allowList.allowLinks, magicPaste: rt.magicPaste });
      if (href && (!html || html.replace(/<[^>]*>/g, '').trim() === (text ?? '').trim())) {
        this.quill.formatText(range.index, range.length, 'link', href, Quill.sources.USER);
        this.quill.setSelection(range.index + range.length, 0, Quill.sources.SILENT);
        return;
      }
      const clean = html ? sanitizePastedHtml(html, rt.allowList, { styleProperties: rt.styleProperties }) : html;
      super.onPaste(range, { text, html: clean || undefined });
    }
  }
  Quill.register('modules/clipboard', RuleClipboard, true);
}

/** The uploader settings of one instance: image files (pasted or dropped) only where images are allowed. */
export function uploaderOptions(allowList: PasteAllowList) {
  return {
    mimetypes: allowList.allowImages ? ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] : [],
    handler(this: { quill: InstanceType<typeof Quill> }, range: Range, files: File[]) {
      const images = pastedImageFiles(files, allowList);
      if (images.length === 0) return;
      const quill = this.quill;
      void Promise.all(
        images.map(
          (file) =>
            new Promise<string>((resolve, reject) => {
              const reader = new FileReader();
              reader.onload = () => resolve(String(reader.result));
              reader.onerror = () => reject(reader.error);
              reader.readAsDataURL(file);
            }),
        ),
      ).then((urls) => {
        let index = range.index;
        quill.deleteText(range.index, range.length, Quill.sources.USER);
        for (const url of urls) quill.insertEmbed(index++, 'image', url, Quill.sources.USER);
        quill.setSelection(index, 0, Quill.sources.SILENT);
      });
    },
  };
}
