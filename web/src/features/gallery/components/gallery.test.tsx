import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { setMobile } from '@/test/media';
import { renderInApp } from '@/test/render';
import { ImagePicker } from './image-picker';
import { Uploader } from './uploader';
import { UrlPopover } from './url-popover';

const image = (i: number) => ({
  id: `img-${i}`,
  name: `photo-${i}.png`,
  image_url: `/api/gallery-files/wp/${i}.png`,
  thumbnail_url: `/api/gallery-files/wp/${i}-t.jpg`,
  width: 10,
  height: 10,
  size: 100,
  content_type: 'image/png',
  create_at: '2026-11-28T10:00:00Z',
});

const page = (n: number, total: number) => ({
  total,
  items: Array.from({ length: Math.min(50, total - (n - 1) * 50) }, (_, i) => image((n - 1) * 50 + i)),
});
const file = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

/** jsdom lays nothing out: each tile is 40 px of the box's height, and the box shows 500 px. */
function layOut() {
  const restore = [
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.querySelectorAll('[data-testid="grid-image"]').length * 40;
    }),
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500),
  ];
  return () => restore.forEach((r) => r.mockRestore());
}

afterEach(() => {
  vi.restoreAllMocks();
  setMobile(false);
});

describe('Select Image picker', () => {
  it('keeps Done disabled until an image is selected, then hands back its whole address', async () => {
    mockApi((c) => (c.path === 'center/products/galleries/list' ? { data: page(1, 3) } : undefined));
    const onDone = vi.fn();
    renderInApp(<ImagePicker open onClose={() => {}} onDone={onDone} />);
    const done = await screen.findByTestId('picker-done');
    const tiles = await screen.findAllByTestId('grid-image');
    expect(tiles).toHaveLength(3);
    expect((done as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(tiles[1]);
    expect((done as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(tiles[1]);
    expect((done as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(tiles[2]);
    fireEvent.click(done);
    expect(onDone).toHaveBeenCalledWith([`${window.location.origin}/api/gallery-files/wp/2.png`]);
  });

  it('edits the one chosen library image into a new one, which is then chosen instead', async () => {
    let total = 2;
    mockApi((c) => (c.path === 'center/products/galleries/list' ? { data: page(1, total) } : undefined));
    const onDone = vi.fn();
    const edit = vi.fn(({ image: img, onSaved }) => (
      <button
        type="button"
        data-testid="fake-tools"
        onClick={() => onSaved({ ...image(9), id: 'made', image_url: '/api/gallery-files/wp/made.jpg', name: `${img.name}-edited` })}
      >
        {img.id}
      </button>
    ));
    renderInApp(<ImagePicker open onClose={() => {}} onDone={onDone} edit={edit} />);
    const tiles = await screen.findAllByTestId('grid-image');
    const button = screen.getByTestId('picker-edit') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(tiles[0]);
    fireEvent.click(tiles[1]);
    expect(button.disabled, 'one image at a time').toBe(true);
    fireEvent.click(tiles[0]);
    fireEvent.click(button);
    expect((await screen.findByTestId('fake-tools')).textContent).toBe('img-1');
    total = 3;
    fireEvent.click(screen.getByTestId('fake-tools'));
    await waitFor(() => expect(screen.queryByTestId('fake-tools')).toBeNull());
    fireEvent.click(screen.getByTestId('picker-done'));
    expect(onDone).toHaveBeenCalledWith([`${window.location.origin}/api/gallery-files/wp/made.jpg`]);
  });

  it('is a drawer on a phone and a dialog elsewhere', async () => {
    mockApi((c) => (c.path === 'center/products/galleries/list' ? { data: page(1, 1) } : undefined));
    setMobile(true);
    const { unmount } = renderInApp(<ImagePicker open onClose={() => {}} onDone={() => {}} />);
    expect((await screen.findByTestId('image-picker')).dataset.variant).toBe('drawer');
    unmount();
    setMobile(false);
    renderInApp(<ImagePicker open onClose={() => {}} onDone={() => {}} />);
    expect((await screen.findByTestId('image-picker')).dataset.variant).toBe('dialog');
  });

  it('loads the next page of 50 only when scrolled within 100 px of the bottom', async () => {
    const restore = layOut();
    const calls = mockApi((c) =>
      c.path === 'center/products/galleries/list' ? { data: page(Number(c.query.get('page')), 120) } : undefined,
    );
    renderInApp(<ImagePicker open onClose={() => {}} onDone={() => {}} />);
    const box = await screen.findByTestId('picker-library');
    await waitFor(() => expect(within(box).getAllByTestId('grid-image')).toHaveLength(50));
    const pages = () => calls.filter((c) => c.path === 'center/products/galleries/list').map((c) => c.query.get('page'));
    expect(pages()).toEqual(['1']);
    expect(calls[0].query.get('page_size')).toBe('50');
    box.scrollTop = 1399; // 50 tiles are 2000 px: 101 px from the bottom
    fireEvent.scroll(box);
    expect(pages()).toEqual(['1']);
    box.scrollTop = 1400;
    fireEvent.scroll(box);
    await waitFor(() => expect(within(box).getAllByTestId('grid-image')).toHaveLength(100));
    expect(pages()).toEqual(['1', '2']);
    restore();
  });

  it('offers the product’s supplier images on the Product tab', async () => {
    mockApi((c) => {
      if (c.path === 'center/products/galleries/list') return { data: page(1, 0) };
      if (c.path === 'center/products/p1/image-origins')
        return { data: { images: ['https://img.example/a.jpg', 'https://img.example/b.jpg'] } };
      return undefined;
    });
    const onDone = vi.fn();
    renderInApp(<ImagePicker open onClose={() => {}} onDone={onDone} productId="p1" />);
    fireEvent.click(await screen.findByTestId('picker-tab-product'));
    const product = await screen.findByTestId('picker-product');
    await waitFor(() => expect(within(product).getAllByTestId('grid-image')).toHaveLength(2));
    fireEvent.click(within(product).getAllByTestId('grid-image')[1]);
    fireEvent.click(screen.getByTestId('picker-done'));
    expect(onDone).toHaveBeenCalledWith(['https://img.example/b.jpg']);
  });
});

describe('uploader', () => {
  it('lists each file with a shortened name and shows the server’s error code as text on its row', async () => {
    const calls = mockApi((c) => {
      if (c.path !== 'center/products/galleries/upload') return undefined;
      const n = calls.filter((x) => x.path === c.path).length;
      return n === 1
        ? { data: image(1) }
        : {
            status: 204,
            success: false,
            message: 'The image is larger than 2 MB',
            data: { code: 'imageOverSize', size: 2 },
            errors: { file: ['The image is larger than 2 MB'] },
          };
    });
    const onUploaded = vi.fn();
    renderInApp(<Uploader inLibrary={0} onUploaded={onUploaded} />);
    fireEvent.change(screen.getByTestId('gallery-file-input'), {
      target: { files: [file('small.png'), file('an-enormous-holiday-photo-from-the-beach.png'), file('notes.gif')] },
    });
    await waitFor(() => expect(screen.getAllByTestId('upload-row').map((r) => r.dataset.status)).toEqual(['done', 'error', 'error']));
    const [ok, big, gif] = screen.getAllByTestId('upload-row');
    expect(within(ok).getByTestId('upload-row-name').textContent).toBe('small.png');
    expect(within(big).getByTestId('upload-row-name').textContent).toBe('an-enormous-holiday-….png');
    expect(within(big).getByTestId('upload-row-error').textContent).toBe('The image is larger than 2 MB.');
    expect(within(gif).getByTestId('upload-row-error').textContent).toBe('Only JPG, JPEG, PNG, SVG, HEIC and WebP images are accepted.');
    expect(calls.filter((c) => c.path === 'center/products/galleries/upload')).toHaveLength(2);
    expect(onUploaded).toHaveBeenCalledTimes(1);
  });

  it('says a file over 2 MB is too large without sending it', async () => {
    const calls = mockApi(() => ({ data: image(1) }));
    renderInApp(<Uploader inLibrary={0} onUploaded={() => {}} />);
    fireEvent.change(screen.getByTestId('gallery-file-input'), { target: { files: [file('huge.png', 2 * 1024 * 1024 + 1)] } });
    await waitFor(() => expect(screen.getByTestId('upload-row').dataset.status).toBe('error'));
    expect(screen.getByTestId('upload-row-error').textContent).toBe('The image is larger than 2 MB.');
    expect(calls).toHaveLength(0);
  });

  it('drops the files beyond 250 in the library, and is disabled when the library is full', async () => {
    const calls = mockApi((c) => (c.path === 'center/products/galleries/upload' ? { data: image(1) } : undefined));
    const { unmount } = renderInApp(<Uploader inLibrary={249} onUploaded={() => {}} />);
    fireEvent.change(screen.getByTestId('gallery-file-input'), { target: { files: [file('a.png'), file('b.png'), file('c.png')] } });
    await waitFor(() => expect(screen.getAllByTestId('upload-row')).toHaveLength(1));
    expect(screen.getByTestId('upload-dropped').textContent).toMatch(/250 images: 2$/);
    await waitFor(() => expect(calls).toHaveLength(1));
    unmount();
    renderInApp(<Uploader inLibrary={250} onUploaded={() => {}} />);
    expect(screen.getByTestId('gallery-drop-zone').dataset.disabled).toBe('true');
    expect((screen.getByTestId('gallery-choose') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('gallery-url-open') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('add from URL', () => {
  it('trims the address and keeps Add disabled while it is empty', async () => {
    const onAdd = vi.fn();
    renderInApp(<UrlPopover onAdd={onAdd} />);
    fireEvent.click(screen.getByTestId('gallery-url-open'));
    const input = await screen.findByTestId('gallery-url-input');
    fireEvent.change(input, { target: { value: '    ' } });
    expect((screen.getByTestId('gallery-url-add') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '  https://cdn.example/lamp.png  ' } });
    expect((screen.getByTestId('gallery-url-add') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByTestId('gallery-url-add'));
    expect(onAdd).toHaveBeenCalledWith('https://cdn.example/lamp.png');
  });
});
