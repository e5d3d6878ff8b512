import type { RichTextField } from '@shared/rich-text/allow-list';
import type { PasteAllowList } from './paste';
import type { ToolbarControl } from './toolbar';

export type RichTextEditorProps = {
  /** The field's name: the editable area's accessible name (e.g. "Signature"). */
  label: string;
  /** HTML; '' when empty. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** A stored field of the shared RICH_TEXT_FIELDS: its toolbar and magic-paste setting. */
  field?: RichTextField;
  /** The controls this instance offers (overrides the field's); the default is the spec's full toolbar. */
  toolbar?: readonly ToolbarControl[];
  /** What a paste may bring in; by default derived from the toolbar. */
  allowList?: PasteAllowList;
  /** A URL pasted over selected text links it (spec §5); on by default. */
  magicPaste?: boolean;
  disabled?: boolean;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
};
