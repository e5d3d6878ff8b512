import { DEFAULT_TOOLBAR, TOOLBAR_CONTROLS, type ToolbarControl } from '@shared/rich-text/allow-list';
import { COLOR_PALETTE, FONT_SIZES, FONT_VALUES } from './constants';

/** The control names and the default toolbar are the shared model's (the server derives its allow-list from them too). */
export { DEFAULT_TOOLBAR, TOOLBAR_CONTROLS, type ToolbarControl };

type QuillToolbarItem = string | Record<string, unknown>;

/** Quill's toolbar items for one control (the pickers carry their choices). */
const ITEMS: Record<ToolbarControl, QuillToolbarItem[]> = {
  bold: ['bold'],
  italic: ['italic'],
  underline: ['underline'],
  strike: ['strike'],
  blockquote: ['blockquote'],
  code: ['code'],
  'code-block': ['code-block'],
  header: [{ header: [1, 2, 3, 4, 5, 6, false] }],
  list: [{ list: 'ordered' }, { list: 'bullet' }],
  script: [{ script: 'sub' }, { script: 'super' }],
  indent: [{ indent: '-1' }, { indent: '+1' }],
  direction: [{ direction: 'rtl' }],
  size: [{ size: [false, ...FONT_SIZES] }],
  color: [{ color: [...COLOR_PALETTE] }],
  background: [{ background: [...COLOR_PALETTE] }],
  font: [{ font: [false, ...FONT_VALUES] }],
  align: [{ align: ['', 'center', 'right', 'justify'] }],
  clean: ['clean'],
  link: ['link'],
  image: ['image'],
  video: ['video'],
};

/** Controls that sit together in one toolbar group. */
const GROUPS: ToolbarControl[][] = [
  ['bold', 'italic', 'underline', 'strike'],
  ['blockquote', 'code', 'code-block'],
  ['header'],
  ['list', 'script', 'indent', 'direction'],
  ['size', 'color', 'background', 'font', 'align'],
  ['clean'],
  ['link', 'image', 'video'],
];

/** The Quill `modules.toolbar` container for a (narrowed) set of controls. */
export function quillToolbar(controls: readonly ToolbarControl[]): QuillToolbarItem[][] {
  const wanted = new Set(controls);
  return GROUPS.map((group) => group.filter((c) => wanted.has(c)).flatMap((c) => ITEMS[c])).filter((g) => g.length > 0);
}

/**
 * Quill's `formats` whitelist for an editor instance: only what its toolbar can make survives a
 * paste or a load, so a narrowed editor never holds formatting its toolbar cannot show.
 */
export function quillFormats(controls: readonly ToolbarControl[]): string[] {
  return [...new Set(controls.filter((c) => c !== 'clean'))];
}
