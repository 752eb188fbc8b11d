import { fireEvent, waitFor } from '@testing-library/react';

/** Chooses a Chakra (Zag) menu item: it must be highlighted before the click selects it. */
export async function pick(item: HTMLElement) {
  fireEvent.pointerDown(item);
  await waitFor(() => {
    if (!item.hasAttribute('data-highlighted')) throw new Error('menu item not highlighted');
  });
  fireEvent.click(item);
}
