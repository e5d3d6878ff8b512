import 'react-quill-new/dist/quill.snow.css';
import './rich-text.css';
import { useEffect, useMemo, useRef } from 'react';
import ReactQuill, { type EmitterSource } from 'react-quill-new';
import { cn } from '@web/lib/utils';
import { allowedStyleProperties, deriveAllowList, RICH_TEXT_FIELDS } from '@shared/rich-text/allow-list';
import { EDITOR_HISTORY, EDITOR_PLACEHOLDER } from './constants';
import { normalizeRichText } from './empty';
import { setupQuill, uploaderOptions, type RichTextClipboardOptions } from './quill-setup';
import type { RichTextEditorProps } from './types';
import { DEFAULT_TOOLBAR, quillFormats, quillToolbar, type ToolbarControl } from './toolbar';

setupQuill();

/** Accessible names for Quill's icon-only toolbar controls (class name, optional value). */
const CONTROL_NAMES: Record<string, string | Record<string, string>> = {
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  strike: 'Strikethrough',
  blockquote: 'Quote',
  code: 'Inline code',
  'code-block': 'Code block',
  header: 'Heading',
  list: { ordered: 'Numbered list', bullet: 'Bulleted list' },
  script: { sub: 'Subscript', super: 'Superscript' },
  indent: { '-1': 'Decrease indent', '+1': 'Increase indent' },
  direction: 'Right to left',
  size: 'Font size',
  color: 'Text colour',
  background: 'Highlight colour',
  font: 'Font',
  align: 'Align',
  clean: 'Clear formatting',
  link: 'Link',
  image: 'Image',
  video: 'Video',
};

function labelToolbar(container: HTMLElement | null | undefined, editorLabel: string) {
  if (!container) return;
  container.setAttribute('role', 'toolbar');
  container.setAttribute('aria-label', `${editorLabel} formatting`);
  for (const el of container.querySelectorAll<HTMLElement>('button, .ql-picker')) {
    const format = [...el.classList].find((c) => c.startsWith('ql-') && c !== 'ql-picker')?.slice(3);
    if (!format) continue;
    const entry = CONTROL_NAMES[format];
    const name = typeof entry === 'string' ? entry : entry?.[el.getAttribute('value') ?? ''];
    if (!name) continue;
    const target = el.classList.contains('ql-picker') ? el.querySelector<HTMLElement>('.ql-picker-label') : el;
    target?.setAttribute('aria-label', name);
  }
}

/** The Quill editor itself; loaded lazily by RichTextEditor so Quill stays out of other pages' chunks. */
export default function QuillEditor({
  label,
  value,
  onChange,
  onBlur,
  field,
  toolbar = field ? RICH_TEXT_FIELDS[field].toolbar : DEFAULT_TOOLBAR,
  allowList,
  magicPaste = field ? RICH_TEXT_FIELDS[field].magicPaste : true,
  disabled = false,
  placeholder = EDITOR_PLACEHOLDER,
  invalid,
  describedBy,
  className,
}: RichTextEditorProps) {
  const ref = useRef<ReactQuill>(null);
  // What the editor last reported: a value equal to it is our own echo, anything else is a load or reset.
  const lastValue = useRef(value);

  const toolbarKey = toolbar.join(',');
  const controls = useMemo(() => (toolbarKey ? (toolbarKey.split(',') as ToolbarControl[]) : []), [toolbarKey]);
  const allow = useMemo(() => allowList ?? deriveAllowList(controls), [allowList, controls]);
  const allowKey = JSON.stringify(allow);
  const modules = useMemo(() => {
    const clipboard: { richText: RichTextClipboardOptions } = {
      richText: { allowList: allow, magicPaste, styleProperties: allowedStyleProperties(controls) },
    };
    return {
      toolbar: quillToolbar(controls),
      history: { ...EDITOR_HISTORY },
      clipboard,
      uploader: uploaderOptions(allow),
    };
    // allowKey stands for allow's content: a new but equal object must not rebuild the editor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controls, allowKey, magicPaste]);
  const formats = useMemo(() => quillFormats(controls), [controls]);
  const editorKey = `${toolbarKey}|${allowKey}|${magicPaste}`;

  // Spec §4: the editor starts disabled and becomes enabled (unless `disabled`) once mounted.
  useEffect(() => {
    const editor = ref.current?.getEditor();
    if (!editor) return;
    editor.enable(!disabled);
    editor.root.setAttribute('aria-disabled', String(disabled));
  }, [disabled, editorKey]);

  // Accessible names: the editable area is named by its field; the toolbar controls by what they do.
  useEffect(() => {
    const editor = ref.current?.getEditor();
    if (!editor) return;
    const root = editor.root;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-label', label);
    if (invalid) root.setAttribute('aria-invalid', 'true');
    else root.removeAttribute('aria-invalid');
    if (describedBy) root.setAttribute('aria-describedby', describedBy);
    else root.removeAttribute('aria-describedby');
    const toolbarModule = editor.getModule('toolbar') as { container?: HTMLElement | null } | undefined;
    labelToolbar(toolbarModule?.container, label);
  }, [label, invalid, describedBy, editorKey]);

  // A value from outside (data loaded, form reset) replaces the content without an undo step.
  useEffect(() => {
    const editor = ref.current?.getEditor();
    if (!editor || value === lastValue.current) return;
    lastValue.current = value;
    editor.setContents(editor.clipboard.convert({ html: value }), 'silent');
    (editor.getModule('history') as { clear(): void }).clear();
  }, [value]);

  const handleChange = (html: string, _delta: unknown, source: EmitterSource) => {
    if (source !== 'user') return;
    // Quill's semantic HTML writes every space as &nbsp;, which would stop lines wrapping in email.
    const next = normalizeRichText(html.replace(/&nbsp;/g, ' '));
    if (next === lastValue.current) return;
    lastValue.current = next;
    onChange(next);
  };

  return (
    <div
      className={cn(
        'rich-text-editor overflow-hidden rounded-lg border border-border bg-surface-2 focus-within:border-accent focus-within:ring-2 focus-within:ring-accent/40',
        invalid && 'border-danger',
        disabled && 'opacity-60',
        className,
      )}
    >
      <ReactQuill
        key={editorKey}
        ref={ref}
        theme="snow"
        defaultValue={value}
        onChange={handleChange}
        onBlur={() => onBlur?.()}
        modules={modules}
        formats={formats}
        placeholder={placeholder}
        readOnly
      />
    </div>
  );
}
