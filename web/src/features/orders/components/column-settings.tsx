import { Button, Checkbox, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsIcon } from '@/components/icons';
import { notify } from '@/lib/toaster';
import type { OrderColumn } from '@/types/orders';
import { saveOrderColumns } from '../api/orders';
import { COLUMN_KEYS, FIXED_COLUMNS, toSetting } from '../lib/columns';

interface ColumnSettingsProps {
  columns: readonly OrderColumn[] | undefined;
  onSaved: (columns: OrderColumn[]) => void;
}

/** Chooses the list's columns; saved per workspace. */
export function ColumnSettings({ columns, onSaved }: ColumnSettingsProps) {
  const { t } = useTranslation();
  const configurable = COLUMN_KEYS.filter((k) => !FIXED_COLUMNS.includes(k));
  const hidden = new Set((columns ?? []).filter((c) => !c.visible).map((c) => c.key));
  const [visible, setVisible] = useState<Set<string> | null>(null);
  const [saving, setSaving] = useState(false);
  const current = visible ?? new Set(configurable.filter((k) => !hidden.has(k)));

  async function save() {
    setSaving(true);
    const setting = toSetting(current);
    const res = await saveOrderColumns(setting);
    setSaving(false);
    if (res.success) {
      onSaved(res.data?.columns ?? setting);
      notify('success', t('orders.columns.saved'));
    } else notify('error', res.message || t('orders.actionFailed'));
  }

  return (
    <Popover.Root onOpenChange={(e) => (e.open ? setVisible(null) : undefined)}>
      <Popover.Trigger asChild>
        <Button size="sm" variant="outline" data-testid="order-columns">
          <SettingsIcon />
          {t('orders.columns.title')}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="64" data-testid="order-columns-content">
            <Popover.Body>
              <Stack gap="2">
                <Text fontWeight="semibold" fontSize="sm">
                  {t('orders.columns.title')}
                </Text>
                {configurable.map((key) => (
                  <Checkbox.Root
                    key={key}
                    size="sm"
                    checked={current.has(key)}
                    onCheckedChange={(e) => {
                      const next = new Set(current);
                      if (e.checked === true) next.add(key);
                      else next.delete(key);
                      setVisible(next);
                    }}
                    data-testid={`order-column-${key}`}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{t(`orders.columns.${key}`)}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
                <Button size="sm" colorPalette="teal" onClick={() => void save()} loading={saving} data-testid="order-columns-save">
                  {t('common.save')}
                </Button>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
