import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Quill } from 'react-quill-new';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLOR_PALETTE, FONT_SIZES, FONTS } from '../constants';
import { RichTextEditor } from '../rich-text-editor';
import type { ToolbarControl } from '../toolbar';
import { DEFAULT_TOOLBAR, quillToolbar } from '../toolbar';

beforeAll(() => {
  // jsdom has no layout; Quill scrolls the selection into view after a paste.
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
});

function Harness({ disabled, initial = '', toolbar, onValue }: { disabled?: boolean; initial?: string; toolbar?: ToolbarControl[]; onValue?: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        label="Signature"
        value={value}
        toolbar={toolbar}
        disabled={disabled}
        onChange={(v) => {
          setValue(v);
          onValue?.(v);
        }}
      />
      <button type="button" onClick={() => setValue('<p>Reset from outside</p>')}>
        reset
      </button>
      <output data-testid="value">{value}</output>
    </>
  );
}

/** The Quill editable (not the placeholder frame shown while the editor chunk loads). */
const editable = (name: string) =>
  waitFor(
    () => {
      const box = screen.getByRole('textbox', { name });
      expect(box).toHaveClass('ql-editor');
      return box;
    },
    { timeout: 15000 },
  );

describe('RichTextEditor', () => {
  it('is labelled by its field, shows the placeholder, and becomes enabled once mounted', async () => {
    render(<Harness />);
    const box = await editable('Signature');
    await waitFor(() => expect(box).toHaveAttribute('contenteditable', 'true'));
    expect(box).toHaveAttribute('data-placeholder', 'Insert text here ...');
    expect(box).toHaveAttribute('aria-disabled', 'false');
  });

  it('stays disabled when disabled is set, and enables when it is cleared', async () => {
    const { rerender } = render(<Harness disabled />);
    const box = await editable('Signature');
    expect(box).toHaveAttribute('contenteditable', 'false');
    expect(box).toHaveAttribute('aria-disabled', 'true');
    rerender(<Harness disabled={false} />);
    await waitFor(() => expect(box).toHaveAttribute('contenteditable', 'true'));
  });

  it('loads the value and takes a new value from outside', async () => {
    render(<Harness initial="<p>Best, <strong>Ada</strong></p>" />);
    const box = await editable('Signature');
    expect(box.innerHTML).toBe('<p>Best, <strong>Ada</strong></p>');
    act(() => screen.getByRole('button', { name: 'reset' }).click());
    await waitFor(() => expect(box.innerHTML).toBe('<p>Reset from outside</p>'));
  });

  it('narrows the toolbar per instance and names its controls', async () => {
    render(<Harness toolbar={['bold', 'italic', 'link']} />);
    await editable('Signature');
    const toolbar = screen.getByRole('toolbar', { name: 'Signature formatting' });
    expect(toolbar.querySelectorAll('button')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Bold' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Image' })).not.toBeInTheDocument();
  });
});

/** A synthetic paste (jsdom has no ClipboardEvent constructor with data). */
function paste(target: HTMLElement, data: Record<string, string>) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', {
    value: { getData: (type: string) => data[type] ?? '', files: [], types: Object.keys(data) },
  });
  act(() => {
    target.dispatchEvent(event);
  });
}

describe('RichTextEditor paste', () => {
  it('applies the paste rules of a narrowed editor: heading → bold block, list → lines, javascript: → blank', async () => {
    const values: string[] = [];
    render(<Harness toolbar={['bold', 'italic', 'link']} onValue={(v) => values.push(v)} />);
    const box = await editable('Signature');
    await waitFor(() => expect(box).toHaveAttribute('contenteditable', 'true'));
    paste(box, {
      'text/html': '<h2>Offer</h2><ul><li>Fast</li><li><a href="javascript:alert(1)">Cheap</a></li></ul>',
      'text/plain': 'Offer Fast Cheap',
    });
    await waitFor(() => expect(values.at(-1)).toBeDefined());
    expect(box.innerHTML).toBe(
      '<p><strong>Offer</strong></p><p>Fast</p><p>Cheap</p>',
    );
    expect(box.innerHTML).not.toContain('javascript:');
  });

  it('magic paste: a URL over selected text links it', async () => {
    const values: string[] = [];
    render(<Harness toolbar={['bold', 'link']} initial="<p>Book a call</p>" onValue={(v) => values.push(v)} />);
    const box = await editable('Signature');
    await waitFor(() => expect(box).toHaveAttribute('contenteditable', 'true'));
    const quill = Quill.find(box.parentElement!) as InstanceType<typeof Quill>;
    act(() => quill.setSelection(0, 4));
    paste(box, { 'text/plain': 'https://cal.example.com/ada' });
    await waitFor(() => expect(box.innerHTML).toContain('<a href="https://cal.example.com/ada"'));
    expect(box.textContent).toBe('Book a call');
  });
});

describe('RichTextEditor formats', () => {
  it('undo history groups within 1000 ms and keeps at most 100 steps', async () => {
    render(<Harness />);
    const box = await editable('Signature');
    const quill = Quill.find(box.parentElement!) as InstanceType<typeof Quill>;
    expect((quill.getModule('history') as { options: Record<string, unknown> }).options).toMatchObject({ delay: 1000, maxStack: 100 });
  });

  it('keeps fonts as classes, px sizes as styles, and reads legacy small/large/huge as 10/20/32px', async () => {
    render(
      <Harness initial='<p><span class="ql-font-merriweather">Serif</span> <span style="font-size: 18px;">Mid</span> <span class="ql-size-huge">Huge</span> <span class="ql-size-small">Small</span> <span style="font-size: 17px;">Odd</span></p><p class="ql-align-justify">J</p>' />,
    );
    const box = await editable('Signature');
    expect(box.innerHTML).toBe(
      '<p><span class="ql-font-merriweather">Serif</span> <span style="font-size: 18px;">Mid</span> <span style="font-size: 32px;">Huge</span> <span style="font-size: 10px;">Small</span> Odd</p><p class="ql-align-justify">J</p>',
    );
  });
});

describe('rich-text.css', () => {
  it('has a picker label and a class for every font, with the stack of constants.ts, and a label for every size', async () => {
    const { readFileSync } = await import('node:fs');
    const { resolve } = await import('node:path');
    const css = readFileSync(resolve(process.cwd(), 'apps/web/src/components/rich-text/rich-text.css'), 'utf8');
    for (const font of FONTS) {
      expect(css).toContain(`.ql-font-${font.value} {\n  font-family: ${font.stack};`);
      expect(css).toContain(`[data-value='${font.value}']::before {\n  content: '${font.label}';`);
    }
    for (const size of FONT_SIZES) expect(css).toContain(`[data-value='${size}']::before {\n  content: '${size}';`);
  });
});

describe('the default toolbar (spec §9)', () => {
  it('has every control, a 35-colour palette, sizes 8–36px by 2 and the 15 fonts', () => {
    const flat = quillToolbar(DEFAULT_TOOLBAR).flat();
    expect(flat).toEqual(
      expect.arrayContaining([
        'bold', 'italic', 'underline', 'strike', 'blockquote', 'code', 'clean', 'link', 'image', 'video',
        { header: [1, 2, 3, 4, 5, 6, false] }, { list: 'ordered' }, { list: 'bullet' }, { script: 'sub' }, { script: 'super' },
        { indent: '-1' }, { indent: '+1' }, { direction: 'rtl' }, { align: ['', 'center', 'right', 'justify'] },
        { color: [...COLOR_PALETTE] }, { size: [false, ...FONT_SIZES] },
      ]),
    );
    expect(COLOR_PALETTE).toHaveLength(35);
    expect(new Set(COLOR_PALETTE).size).toBe(35);
    expect(FONT_SIZES).toEqual(['8px', '10px', '12px', '14px', '16px', '18px', '20px', '22px', '24px', '26px', '28px', '30px', '32px', '34px', '36px']);
    expect(FONTS.map((f) => f.label)).toEqual([
      'Serif', 'Sans Serif', 'Arial', 'Times New Roman', 'Monospace', 'Arial Black', 'Arial Narrow', 'Comic Sans MS', 'Garamond',
      'Georgia', 'Tahoma', 'Trebuchet MS', 'Verdana', 'Apercu', 'Merriweather',
    ]);
  });
});
