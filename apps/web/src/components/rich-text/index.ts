export { RichTextEditor } from './rich-text-editor';
export type { RichTextEditorProps } from './types';
export { isRichTextEmpty, normalizeRichText } from './empty';
export { DEFAULT_TOOLBAR, TOOLBAR_CONTROLS, type ToolbarControl } from './toolbar';
export { COLOR_PALETTE, EDITOR_HISTORY, EDITOR_PLACEHOLDER, FONTS, FONT_SIZES, LEGACY_SIZE_PX } from './constants';
export { sanitizeLinkUrl, sanitizePastedHtml, type PasteAllowList } from './paste';
