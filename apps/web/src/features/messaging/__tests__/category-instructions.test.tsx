import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { Quill } from 'react-quill-new';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBrand } from '@shared/brands';
import { api } from '@web/lib/api';
import { useBrandStore } from '@web/stores/brand';
import { renderRoute } from '@web/testing/render';
import { InstructionsScriptRoute } from '../routes/messaging/instructions-script';
import { fakeMessagingServer } from './fake-messaging-server';

let original: typeof api.http.defaults.adapter;
let server: ReturnType<typeof fakeMessagingServer>;

beforeAll(() => {
  // jsdom has no layout; Quill measures the selection after a change.
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
});
beforeEach(() => {
  original = api.http.defaults.adapter;
  server = fakeMessagingServer();
  api.http.defaults.adapter = server.adapter as AxiosAdapter;
  useBrandStore.setState({ brand: getBrand(0) });
  server.db.settings = [server.setting({})];
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  useBrandStore.setState({ brand: getBrand(0) });
  vi.restoreAllMocks();
});

const sent = (c: { data?: unknown }) => JSON.parse(String(c.data)) as Record<string, unknown>;
const render = () => renderRoute(InstructionsScriptRoute, { path: '/page', url: '/page' });

/** Opens a category's card and waits for its Quill editor. */
async function openCategory(label: string) {
  const toggle = await screen.findByRole('button', { name: label }, { timeout: 15000 });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const card = screen.getByRole('region', { name: label });
  const editor = await waitFor(
    () => {
      const box = within(card).getByRole('textbox', { name: `${label} instructions` });
      expect(box).toHaveClass('ql-editor');
      return box;
    },
    { timeout: 15000 },
  );
  return { card, editor };
}

const write = (editor: HTMLElement, html: string) => {
  const quill = Quill.find(editor.parentElement!) as InstanceType<typeof Quill>;
  act(() => {
    quill.setContents(quill.clipboard.convert({ html }), 'user');
  });
};

// The page and its Quill editors load lazily: generous waits, so the tests hold under a loaded full run.
describe('Instructions by category', { timeout: 20000 }, () => {
  it('shows one collapsed card per category below the call script', async () => {
    render();
    expect(await screen.findByRole('heading', { name: 'Instructions by category' }, { timeout: 15000 })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Cold email' }, { timeout: 15000 });
    for (const label of ['Cold email', 'Follow-up', 'Reply', 'LinkedIn invitation', 'LinkedIn message', 'Call script', 'Social post']) {
      expect(screen.getByRole('button', { name: label })).toHaveAttribute('aria-expanded', 'false');
    }
    expect(screen.getByText('No instructions yet: open a category to write its first one.')).toBeInTheDocument();
  });

  it('first save creates the category’s instruction, the next one updates it; both show Saved with the time', async () => {
    render();
    const { card, editor } = await openCategory('Cold email');
    write(editor, '<p>Open with the trigger event.</p>');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText(/^Saved/, {}, { timeout: 15000 })).toHaveTextContent(/Saved at \d\d:\d\d:\d\d/);
    expect(server.calls('POST', '/message_instructions_by_categories').map(sent)).toEqual([
      { category: 'cold_email', title: 'Cold email', instructions: '<p>Open with the trigger event.</p>' },
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cold email' })).toHaveAccessibleDescription('Written'), { timeout: 15000 });

    write(editor, '<p>Open with the trigger event. Keep it under 80 words.</p>');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', '/message_instructions_by_categories/500')).toHaveLength(1), { timeout: 15000 });
    expect(sent(server.calls('PUT', '/message_instructions_by_categories/500')[0]!)).toEqual({
      instructions: '<p>Open with the trigger event. Keep it under 80 words.</p>',
    });
    expect(await within(card).findByText(/^Saved/, {}, { timeout: 15000 })).toBeInTheDocument();
    expect(server.calls('POST', '/message_instructions_by_categories')).toHaveLength(1);
    expect(server.db.instructions).toMatchObject([{ id: 500, category: 'cold_email', instructions: '<p>Open with the trigger event. Keep it under 80 words.</p>' }]);
  });

  it('generates an example for the category and shows it sanitised in its own region', async () => {
    server.db.instructions = [
      { id: 500, category: 'reply', title: 'Reply', instructions: '<p>Answer the question first.</p>', created_at: '', updated_at: '' },
    ];
    render();
    const { card, editor } = await openCategory('Reply');
    expect(editor.innerHTML).toBe('<p>Answer the question first.</p>');
    await userEvent.click(within(card).getByRole('button', { name: 'Generate example' }));
    const region = await within(card).findByRole('region', { name: 'Reply example' }, { timeout: 15000 });
    expect(region).toHaveTextContent('A reply following: Answer the question first.');
    expect(region.innerHTML).not.toContain('onerror');
    expect(sent(server.calls('POST', '/message_instructions_by_categories/generate_example_text')[0]!)).toEqual({
      category: 'reply',
      instructions: '<p>Answer the question first.</p>',
      message_instruction_id: 500,
      messaging_setting_id: 1,
    });
  });

  it('shows the server’s errors when a save is refused (422)', async () => {
    server.db.failNextInstructionSave = { status: 422, data: { errors: ['Instructions must not contain links to competitors'] } };
    render();
    const { card, editor } = await openCategory('Social post');
    write(editor, '<p>Short and upbeat.</p>');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByRole('alert', {}, { timeout: 15000 })).toHaveTextContent('Instructions must not contain links to competitors');
    expect(within(card).queryByText(/^Saved/)).not.toBeInTheDocument();
    expect(server.db.instructions).toHaveLength(0);
  });

  it('shows the server’s errors when a generation is refused (422)', async () => {
    server.db.failNextCategoryGenerate = { status: 422, data: { errors: ['Add a prospect to a persona first'] } };
    render();
    const { card } = await openCategory('LinkedIn invitation');
    await userEvent.click(within(card).getByRole('button', { name: 'Generate example' }));
    expect(await within(card).findByRole('alert', {}, { timeout: 15000 })).toHaveTextContent('Add a prospect to a persona first');
    expect(within(card).queryByRole('region', { name: 'LinkedIn invitation example' })).not.toBeInTheDocument();
  });
});
