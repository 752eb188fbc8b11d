import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '@/test/render';
import { RichTextEditor } from './rich-text-editor';

/** TipTap puts its editor on the editable element; the tests drive the selection through it. */
async function editorOf(testId: string): Promise<Editor> {
  const el = await screen.findByTestId(testId);
  await waitFor(() => expect((el as unknown as { editor?: Editor }).editor).toBeTruthy());
  return (el as unknown as { editor: Editor }).editor;
}

describe('description editor', () => {
  it('shows the description as formatted text and the Bold button makes the selection <strong>', async () => {
    const onChange = vi.fn();
    renderInApp(<RichTextEditor value="<p>Soft wool</p>" onChange={onChange} label="Description" testId="desc" />);
    const editor = await editorOf('desc');
    expect(screen.getByTestId('desc').textContent).toBe('Soft wool');
    act(() => {
      editor.commands.selectAll();
    });
    fireEvent.click(screen.getByTestId('desc-bold'));
    expect(onChange).toHaveBeenLastCalledWith('<p><strong>Soft wool</strong></p>');
    fireEvent.click(screen.getByTestId('desc-h2'));
    expect(onChange).toHaveBeenLastCalledWith('<h2><strong>Soft wool</strong></h2>');
    fireEvent.click(screen.getByTestId('desc-bulletList'));
    expect(onChange.mock.lastCall?.[0]).toContain('<ul><li>');
  });

  it("keeps a supplier's size table when the owner edits the text above it", async () => {
    const onChange = vi.fn();
    const table =
      '<table><tbody><tr><th><p>Size</p></th><th><p>Chest</p></th></tr><tr><td><p>M</p></td><td><p>96 cm</p></td></tr></tbody></table>';
    renderInApp(<RichTextEditor value={`<p>Soft wool</p>${table}`} onChange={onChange} label="Description" testId="desc" />);
    const editor = await editorOf('desc');
    act(() => {
      editor.commands.setTextSelection(1);
      editor.commands.insertContent('Very ');
    });
    const html = onChange.mock.lastCall?.[0] as string;
    expect(html).toContain('<p>Very Soft wool</p>');
    expect(html).toMatch(/<table[^>]*>.*<th[^>]*><p>Size<\/p><\/th>.*<td[^>]*><p>96 cm<\/p><\/td>.*<\/table>/);
  });

  it('drops a pasted script, style and event handler but keeps the text', async () => {
    const onChange = vi.fn();
    renderInApp(<RichTextEditor value="" onChange={onChange} label="Description" testId="desc" />);
    const editor = await editorOf('desc');
    act(() => {
      editor.view.pasteHTML(
        '<p onclick="steal()" style="color:red">Hello <em>there</em></p><script>alert(1)</script><style>p{}</style>',
        // jsdom has no ClipboardEvent; ProseMirror only needs an event to hand its paste handlers.
        new Event('paste') as ClipboardEvent,
      );
    });
    const html = onChange.mock.lastCall?.[0] as string;
    expect(html).toContain('Hello <em>there</em>');
    for (const bad of ['script', 'alert', 'style', 'onclick']) expect(html).not.toContain(bad);
  });

  it('links only to web addresses, and an emptied editor is an empty description', async () => {
    const onChange = vi.fn();
    renderInApp(<RichTextEditor value="<p>Shop</p>" onChange={onChange} label="Description" testId="desc" />);
    const editor = await editorOf('desc');
    act(() => {
      editor.commands.selectAll();
    });
    fireEvent.click(screen.getByTestId('desc-link'));
    fireEvent.change(screen.getByTestId('desc-link-input'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByTestId('desc-link-apply'));
    expect(onChange).not.toHaveBeenCalled();
    act(() => {
      editor.commands.selectAll();
    });
    fireEvent.click(screen.getByTestId('desc-link'));
    fireEvent.change(screen.getByTestId('desc-link-input'), { target: { value: 'shop.example/sale' } });
    fireEvent.click(screen.getByTestId('desc-link-apply'));
    expect(onChange).toHaveBeenLastCalledWith('<p><a rel="noopener noreferrer" href="https://shop.example/sale">Shop</a></p>');
    act(() => {
      editor.commands.clearContent(true);
    });
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});
