/** Editor constants of spec §9 and the rich-text content model of spec §3. */

export const EDITOR_PLACEHOLDER = 'Insert text here ...';

/** Undo history: changes within 1000 ms form one step; at most 100 steps are kept. */
export const EDITOR_HISTORY = { delay: 1000, maxStack: 100, userOnly: true } as const;

/** The 35-entry colour palette (7 hues × 5 shades, the classic Quill snow picker). */
export const COLOR_PALETTE = [
  '#000000', '#e60000', '#ff9900', '#ffff00', '#008a00', '#0066cc', '#9933ff',
  '#ffffff', '#facccc', '#ffebcc', '#ffffcc', '#cce8cc', '#cce0f5', '#ebd6ff',
  '#bbbbbb', '#f06666', '#ffc266', '#ffff66', '#66b966', '#66a3e0', '#c285ff',
  '#888888', '#a10000', '#b26b00', '#b2b200', '#006100', '#0047b2', '#6b24b2',
  '#444444', '#5c0000', '#663d00', '#666600', '#003700', '#002966', '#3d1466',
] as const;

/**
 * Fonts of spec §3. `value` is the Quill class suffix (ql-font-<value>); `stack` is the CSS font
 * stack. Open fonts are named first and fall back to a close system stack; the proprietary
 * Apercu falls back to a similar geometric sans.
 */
export const FONTS = [
  { value: 'serif', label: 'Serif', stack: 'Georgia, "Times New Roman", serif' },
  { value: 'sans-serif', label: 'Sans Serif', stack: 'system-ui, "Helvetica Neue", Arial, sans-serif' },
  { value: 'arial', label: 'Arial', stack: 'Arial, "Liberation Sans", "Helvetica Neue", Helvetica, sans-serif' },
  { value: 'times-new-roman', label: 'Times New Roman', stack: '"Times New Roman", "Liberation Serif", Times, serif' },
  { value: 'monospace', label: 'Monospace', stack: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace' },
  { value: 'arial-black', label: 'Arial Black', stack: '"Arial Black", "Arial Bold", Gadget, sans-serif' },
  { value: 'arial-narrow', label: 'Arial Narrow', stack: '"Arial Narrow", "Liberation Sans Narrow", "Roboto Condensed", sans-serif-condensed, sans-serif' },
  { value: 'comic-sans-ms', label: 'Comic Sans MS', stack: '"Comic Sans MS", "Comic Neue", "Chalkboard SE", cursive' },
  { value: 'garamond', label: 'Garamond', stack: 'Garamond, "EB Garamond", "Cormorant Garamond", Baskerville, serif' },
  { value: 'georgia', label: 'Georgia', stack: 'Georgia, "Gelasio", serif' },
  { value: 'tahoma', label: 'Tahoma', stack: 'Tahoma, "DejaVu Sans", Verdana, Geneva, sans-serif' },
  { value: 'trebuchet-ms', label: 'Trebuchet MS', stack: '"Trebuchet MS", "Fira Sans", "Lucida Grande", sans-serif' },
  { value: 'verdana', label: 'Verdana', stack: 'Verdana, "DejaVu Sans", Geneva, sans-serif' },
  // Proprietary (Colophon): no licence to bundle it, so a similar geometric/grotesque stack.
  { value: 'apercu', label: 'Apercu', stack: 'Apercu, "Work Sans", "Inter", "Helvetica Neue", Arial, sans-serif' },
  { value: 'merriweather', label: 'Merriweather', stack: 'Merriweather, Georgia, "Times New Roman", serif' },
] as const;
export type FontValue = (typeof FONTS)[number]['value'];
export const FONT_VALUES: string[] = FONTS.map((f) => f.value);

/** Sizes 8px to 36px in steps of 2px (spec §3), as inline font-size styles. */
export const FONT_SIZES: string[] = Array.from({ length: 15 }, (_, i) => `${8 + i * 2}px`);

/**
 * Spec §9 also names Quill's legacy size choices small/large/huge. Content that carries them
 * (ql-size-small/large/huge, or a `size` of that name) is read as the px size closest to what
 * Quill's snow theme renders for it at a 13px base (0.75em, 1.5em, 2.5em), rounded to the 2px grid.
 */
export const LEGACY_SIZE_PX: Record<'small' | 'large' | 'huge', string> = {
  small: '10px',
  large: '20px',
  huge: '32px',
};

/** Align values of spec §3 (left is the default, no attribute). */
export const ALIGN_VALUES = ['right', 'center', 'justify'] as const;
