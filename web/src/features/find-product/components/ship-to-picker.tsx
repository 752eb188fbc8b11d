import { Box, Button, CloseButton, Drawer, Input, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, TruckIcon } from '@/components/icons';
import { displayCode, searchCountries } from '@/lib/countries';
import { currentLanguage } from '@/lib/i18n';
import { useIsMobile } from '@/lib/use-media-query';

/** Searchable country list (at most 400 px high, spec section 9). */
function CountryList({ value, onSelect }: { value: string; onSelect: (code: string) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const locale = currentLanguage();
  // The current country first, then the others by name.
  const countries = useMemo(() => {
    const all = searchCountries(search, locale);
    return [...all.filter((c) => c.code === value), ...all.filter((c) => c.code !== value)];
  }, [search, locale, value]);
  return (
    <Stack gap="2">
      <Input
        size="sm"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t('findProduct.searchCountry')}
        data-testid="ship-to-search"
        autoFocus
      />
      <Box maxH="400px" overflowY="auto" data-testid="ship-to-list">
        {countries.length === 0 ? (
          <Text fontSize="sm" color="fg.muted" p="2">
            {t('findProduct.noCountry')}
          </Text>
        ) : null}
        {countries.map((c) => (
          <Button
            key={c.code}
            variant={c.code === value ? 'subtle' : 'ghost'}
            colorPalette={c.code === value ? 'teal' : 'gray'}
            size="sm"
            w="full"
            justifyContent="space-between"
            fontWeight={c.code === value ? 'semibold' : 'normal'}
            onClick={() => onSelect(c.code)}
            data-testid={`ship-to-option-${c.code}`}
          >
            <Text as="span" truncate>
              {c.name}
            </Text>
            <Text as="span" color="fg.muted" fontSize="xs">
              {displayCode(c.code)}
            </Text>
          </Button>
        ))}
      </Box>
    </Stack>
  );
}

/** Ship-to country picker: a popover on desktop, a bottom sheet at mobile widths (spec section 2). */
export function ShipToPicker({ value, onChange }: { value: string; onChange: (code: string) => void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const select = (code: string) => {
    setOpen(false);
    if (code !== value) onChange(code);
  };
  const trigger = (
    <Button variant="outline" size="sm" data-testid="ship-to-trigger" data-value={value}>
      <TruckIcon />
      {t('findProduct.shipTo', { country: displayCode(value) })}
      <ChevronDownIcon />
    </Button>
  );

  if (isMobile) {
    return (
      <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="bottom">
        <Drawer.Trigger asChild>{trigger}</Drawer.Trigger>
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content roundedTop="l3" maxH="85vh" data-testid="ship-to-sheet">
              <Drawer.Header>
                <Drawer.Title>{t('findProduct.chooseShipTo')}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body pb="6">{open ? <CountryList value={value} onSelect={select} /> : null}</Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('common.close')} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    );
  }

  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: 'bottom-start' }}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="xs" data-testid="ship-to-popover">
            <Popover.Body p="3">
              <Popover.Title fontWeight="semibold" mb="2">
                {t('findProduct.chooseShipTo')}
              </Popover.Title>
              {open ? <CountryList value={value} onSelect={select} /> : null}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
