import { lazy, Suspense } from 'react';
import { cn } from '@web/lib/utils';
import { EDITOR_PLACEHOLDER } from './constants';
import type { RichTextEditorProps } from './types';

const QuillEditor = lazy(() => import('./quill-editor'));

/**
 * What shows while Quill loads: the editor's frame with its placeholder. Deliberately not a textbox,
 * so nothing (a person, a screen reader, a test) types into it before the real editor is there.
 */
function EditorLoading({ label, placeholder = EDITOR_PLACEHOLDER, className }: Pick<RichTextEditorProps, 'label' | 'placeholder' | 'className'>) {
  return (
    <div role="status" aria-label={`Loading the ${label} editor`} aria-busy="true" className={cn('rounded-lg border border-border bg-surface-2', className)}>
      <div className="h-10 border-b border-border" />
      <div className="min-h-32 px-3 py-2 text-sm text-muted/70 italic">{placeholder}</div>
    </div>
  );
}

/**
 * The rich-text editor (react-quill-new) with the spec's toolbar, fonts, sizes, history and paste
 * rules. Quill is loaded on first use, so it never lands in the chunks of pages without an editor.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorLoading label={props.label} placeholder={props.placeholder} className={props.className} />}>
      <QuillEditor {...props} />
    </Suspense>
  );
}
