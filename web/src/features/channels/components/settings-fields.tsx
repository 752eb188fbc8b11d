import { Checkbox, Field, HStack, Input, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ChannelSettings, Publication, Warehouse } from '@/types/api';
import { LabelledSwitch } from '@/components/ui/labelled-switch';
import { positive, togglePublication } from '../lib/channel-settings';

type Toggle = 'is_publish' | 'allow_sell_out_of_stock' | 'sync_order';
const TOGGLES: readonly Toggle[] = ['is_publish', 'allow_sell_out_of_stock', 'sync_order'];

interface FieldsProps {
  value: ChannelSettings;
  onChange: (next: ChannelSettings) => void;
}

export function ToggleFields({ value, onChange }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="3">
      {TOGGLES.map((key) => (
        <LabelledSwitch
          key={key}
          checked={value[key]}
          onChange={(on) => onChange({ ...value, [key]: on })}
          label={t(`channels.settings.${key}`)}
          help={t(`channels.settings.${key}Help`)}
          testId={`setting-${key}`}
        />
      ))}
    </Stack>
  );
}

export function PublicationFields({
  value,
  onChange,
  publications,
  loading,
}: FieldsProps & { publications: readonly Publication[]; loading: boolean }) {
  const { t } = useTranslation();
  const ticked = value.publications ?? [];
  return (
    <Stack gap="2" data-testid="setting-publications">
      <Text fontWeight="semibold" fontSize="sm">
        {t('channels.settings.publications')}
      </Text>
      {loading ? <Skeleton h="12" /> : null}
      {!loading && publications.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('channels.stores.noPublications')}
        </Text>
      ) : null}
      {publications.map((p) => (
        <Checkbox.Root
          key={p.id}
          checked={ticked.some((x) => x.id === p.id)}
          onCheckedChange={(e) => onChange({ ...value, publications: togglePublication(ticked, p, e.checked === true) })}
          data-testid={`setting-publication-${p.handle}`}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{p.name}</Checkbox.Label>
        </Checkbox.Root>
      ))}
    </Stack>
  );
}

export function TiktokFields({
  value,
  onChange,
  warehouses,
  loading,
}: FieldsProps & { warehouses: readonly Warehouse[]; loading: boolean }) {
  const { t } = useTranslation();
  const weight = value.weight ?? { value: 1, unit: 'kilogram' };
  const dimension = value.dimension ?? { height: 1, width: 1, length: 1, unit: 'centimeter' };
  const sides = ['length', 'width', 'height'] as const;
  return (
    <Stack gap="4">
      <Field.Root>
        <Field.Label>{t('channels.settings.warehouse')}</Field.Label>
        {loading ? (
          <Skeleton h="10" w="full" />
        ) : (
          <NativeSelect.Root>
            <NativeSelect.Field
              value={value.warehouse_id ?? ''}
              onChange={(e) => onChange({ ...value, warehouse_id: e.target.value || null })}
              data-testid="setting-warehouse"
            >
              {warehouses.length === 0 ? <option value="">{t('channels.settings.noWarehouse')}</option> : null}
              {warehouses.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.is_default ? t('channels.settings.defaultWarehouse', { name: w.name }) : w.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('channels.settings.weight')}</Field.Label>
        <HStack>
          <Input
            type="number"
            min="0"
            step="0.01"
            defaultValue={weight.value}
            onChange={(e) => onChange({ ...value, weight: { ...weight, value: positive(e.target.value, 1) } })}
            data-testid="setting-weight"
            maxW="32"
          />
          <Text fontSize="sm" color="fg.muted">
            {t('channels.settings.kilogram')}
          </Text>
        </HStack>
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('channels.settings.dimension')}</Field.Label>
        <HStack gap="2" wrap="wrap">
          {sides.map((side) => (
            <Input
              key={side}
              type="number"
              min="0"
              step="0.1"
              aria-label={t(`channels.settings.${side}`)}
              placeholder={t(`channels.settings.${side}`)}
              defaultValue={dimension[side]}
              onChange={(e) => onChange({ ...value, dimension: { ...dimension, [side]: positive(e.target.value, 1) } })}
              data-testid={`setting-${side}`}
              maxW="24"
            />
          ))}
          <Text fontSize="sm" color="fg.muted">
            {t('channels.settings.centimeter')}
          </Text>
        </HStack>
      </Field.Root>
    </Stack>
  );
}
