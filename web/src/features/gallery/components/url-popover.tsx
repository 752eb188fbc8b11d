import { Button, Input, Popover, Portal, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '@/components/icons';
import { cleanLink } from '../lib/rules';

/** Spec section 2: the popover that adds an image from a URL. The value is trimmed; Add is disabled while it is empty. */
export function UrlPopover({ onAdd, disabled }: { onAdd: (link: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const link = cleanLink(value);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!link) return;
    onAdd(link);
    setValue('');
    setOpen(false);
  }

  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <Button variant="outline" size="sm" disabled={disabled} data-testid="gallery-url-open">
          <GlobeIcon />
          {t('gallery.url.open')}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content data-testid="gallery-url-popover">
            <Popover.Body>
              <Stack as="form" gap="2" onSubmit={submit}>
                <Input
                  size="sm"
                  inputMode="url"
                  dir="ltr"
                  value={value}
                  onChange={(e) => setValue(e.target.value)}
                  placeholder="https://"
                  aria-label={t('gallery.url.label')}
                  data-testid="gallery-url-input"
                />
                <Button type="submit" size="sm" colorPalette="teal" disabled={!link} data-testid="gallery-url-add">
                  {t('gallery.url.add')}
                </Button>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
