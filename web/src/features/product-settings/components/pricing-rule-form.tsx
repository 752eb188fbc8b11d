import { Button, ButtonGroup, Field, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '@/components/money-input';
import type { PricingRule } from '@/types/products';
import { LabelledSwitch } from '@/components/ui/labelled-switch';
import type { RuleError } from '../lib/pricing';
import { RangesEditor } from './ranges-editor';

function Group({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Stack gap="2">
      <Stack gap="0">
        <Text fontWeight="semibold">{title}</Text>
        {help ? (
          <Text fontSize="sm" color="fg.muted">
            {help}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Stack>
  );
}

interface Props {
  rule: PricingRule;
  errors: readonly RuleError[];
  onChange: (rule: PricingRule) => void;
}

/** Mode, cost ranges, default value, shipping, compare-at price and cents of a pricing rule. */
export function PricingRuleForm({ rule, errors, onChange }: Props) {
  const { t } = useTranslation();
  const has = (e: RuleError) => errors.includes(e);
  const rangeError = (['rangeMin', 'rangeMax', 'rangeValue'] as const).find(has);
  return (
    <Stack gap="6">
      <Group title={t('productSettings.mode')} help={t('productSettings.modeHelp')}>
        <ButtonGroup size="sm" attached variant="outline">
          {(['multiplier', 'fixed'] as const).map((mode) => (
            <Button
              key={mode}
              variant={rule.mode === mode ? 'solid' : 'outline'}
              colorPalette={rule.mode === mode ? 'teal' : 'gray'}
              aria-pressed={rule.mode === mode}
              onClick={() => onChange({ ...rule, mode })}
              data-testid={`pricing-mode-${mode}`}
            >
              {t(`productSettings.modes.${mode}`)}
            </Button>
          ))}
        </ButtonGroup>
      </Group>
      <Group title={t('productSettings.ranges')} help={t('productSettings.rangesHelp')}>
        <RangesEditor rule={rule} onChange={onChange} />
        {rangeError ? (
          <Text fontSize="sm" color="fg.error">
            {t(`productSettings.errors.${rangeError}`)}
          </Text>
        ) : null}
      </Group>
      <Field.Root invalid={has('defaultValue')} maxW="xs">
        <Field.Label>
          {rule.mode === 'multiplier' ? t('productSettings.defaultMultiplier') : t('productSettings.defaultAmount')}
        </Field.Label>
        <MoneyInput
          value={rule.default_value}
          onChange={(v) => onChange({ ...rule, default_value: v ?? Number.NaN })}
          data-testid="pricing-default"
        />
        <Field.HelperText>{t('productSettings.defaultHelp')}</Field.HelperText>
        <Field.ErrorText>{t('productSettings.errors.defaultValue')}</Field.ErrorText>
      </Field.Root>
      <LabelledSwitch
        checked={rule.include_shipping}
        onChange={(on) => onChange({ ...rule, include_shipping: on })}
        label={t('productSettings.includeShipping')}
        help={t('productSettings.includeShippingHelp')}
        testId="pricing-include-shipping"
      />
      <Stack gap="2">
        <LabelledSwitch
          checked={rule.compare_at.enabled}
          onChange={(on) => onChange({ ...rule, compare_at: { ...rule.compare_at, enabled: on } })}
          label={t('productSettings.compareAt')}
          help={t('productSettings.compareAtHelp')}
          testId="pricing-compare-enabled"
        />
        {rule.compare_at.enabled ? (
          <Field.Root invalid={has('compareAt')} maxW="xs" ps="12">
            <Field.Label>{t('productSettings.compareAtMultiplier')}</Field.Label>
            <MoneyInput
              value={rule.compare_at.multiplier}
              onChange={(v) => onChange({ ...rule, compare_at: { ...rule.compare_at, multiplier: v ?? Number.NaN } })}
              data-testid="pricing-compare-multiplier"
            />
            <Field.ErrorText>{t('productSettings.errors.compareAt')}</Field.ErrorText>
          </Field.Root>
        ) : null}
      </Stack>
      <Field.Root invalid={has('cents')} maxW="xs">
        <Field.Label>{t('productSettings.cents')}</Field.Label>
        <HStack>
          <MoneyInput value={rule.cents} onChange={(v) => onChange({ ...rule, cents: v })} placeholder="0.99" data-testid="pricing-cents" />
        </HStack>
        <Field.HelperText>{t('productSettings.centsHelp')}</Field.HelperText>
        <Field.ErrorText>{t('productSettings.errors.cents')}</Field.ErrorText>
      </Field.Root>
    </Stack>
  );
}
