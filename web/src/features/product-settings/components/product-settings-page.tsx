import { Badge, Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '@/components/money-input';
import { PageSpinner } from '@/components/page-states';
import { useDocumentTitle } from '@/components/use-document-title';
import { messageOf } from '@/lib/api';
import { currentLanguage } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import { notify } from '@/lib/toaster';
import type { PricingRule } from '@/types/products';
import { PageHeader } from '@/components/ui/list-page';
import { savePricingRule, useProductSettings } from '../api/settings';
import { applyPricingRule, completeRule, validateRule } from '../lib/pricing';
import { PricingRuleForm } from './pricing-rule-form';

const EXAMPLE_COST = 10;
const EXAMPLE_SHIPPING = 2;

/** "cost 10.00 → price X", computed with the rule being edited. */
function PricingExample({ rule, valid }: { rule: PricingRule; valid: boolean }) {
  const { t } = useTranslation();
  const locale = currentLanguage();
  const [cost, setCost] = useState<number | null>(EXAMPLE_COST);
  const usable = valid && cost !== null && Number.isFinite(cost) && cost >= 0;
  const result = usable ? applyPricingRule(rule, cost, EXAMPLE_SHIPPING) : null;
  const money = (n: number) => formatMoney(n, 'USD', locale);
  return (
    <Stack gap="2" bg="teal.subtle" borderRadius="lg" p="4" data-testid="pricing-example-box">
      <Text fontWeight="semibold">{t('productSettings.example')}</Text>
      <HStack gap="2" wrap="wrap">
        <Text fontSize="sm">{t('productSettings.exampleCost')}</Text>
        <MoneyInput size="sm" w="24" bg="bg" value={cost} onChange={setCost} data-testid="pricing-example-cost" />
      </HStack>
      <Text data-testid="pricing-example" data-price={result?.price ?? ''}>
        {result
          ? t('productSettings.exampleLine', { cost: money(cost ?? 0), price: money(result.price) }) +
            (rule.include_shipping ? ` ${t('productSettings.exampleShipping', { shipping: money(EXAMPLE_SHIPPING) })}` : '')
          : '--'}
      </Text>
      {result?.compareAt !== null && result?.compareAt !== undefined ? (
        <Text fontSize="sm" color="fg.muted" data-testid="pricing-example-compare">
          {t('productSettings.exampleCompareAt', { price: money(result.compareAt) })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** /app/setting/product: the pricing rule applied to imported products. */
export function ProductSettingsPage() {
  const { t } = useTranslation();
  const { data, error, mutate } = useProductSettings();
  const [rule, setRule] = useState<PricingRule | null>(null);
  const [saving, setSaving] = useState(false);
  useDocumentTitle(t('pages.settingProduct'));

  useEffect(() => {
    if (data && !rule) setRule(completeRule(data.pricing_rule));
  }, [data, rule]);

  if (!rule) {
    if (error) {
      return (
        <Text color="fg.error" data-testid="product-settings-error">
          {error.message}
        </Text>
      );
    }
    return <PageSpinner />;
  }

  const errors = validateRule(rule);
  const scope = data?.pricing_rule_scope ?? 'default';

  async function save() {
    if (!rule || errors.length > 0) return;
    setSaving(true);
    const res = await savePricingRule(rule);
    setSaving(false);
    if (res.success) {
      const saved = completeRule(res.data?.pricing_rule ?? rule);
      setRule(saved);
      const savedScope = res.data?.pricing_rule_scope ?? 'workplace';
      await mutate((current) => ({ ...current, pricing_rule: saved, pricing_rule_scope: savedScope }), { revalidate: false });
      notify('success', t('productSettings.saveSuccess'));
    } else notify('error', messageOf(res) || t('productSettings.saveFailed'));
  }

  return (
    <Stack gap="6" maxW="4xl" data-testid="product-settings-page">
      <PageHeader title={t('pages.settingProduct')} subtitle={t('productSettings.subtitle')} />
      <Stack gap="5" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }} as="section" data-testid="pricing-rule">
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Heading as="h2" size="lg">
            {t('productSettings.pricingRule')}
          </Heading>
          <Badge colorPalette={scope === 'default' ? 'gray' : 'teal'} data-testid="pricing-scope">
            {t(`productSettings.scope.${scope}`)}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted" data-testid="pricing-currency-note">
          {t('productSettings.currencyNote')}
        </Text>
        <PricingRuleForm rule={rule} errors={errors} onChange={setRule} />
        <PricingExample rule={rule} valid={errors.length === 0} />
        <Box>
          <Button colorPalette="teal" onClick={() => void save()} loading={saving} disabled={errors.length > 0} data-testid="pricing-save">
            {t('common.save')}
          </Button>
        </Box>
        <Text fontSize="sm" color="fg.muted">
          {t('productSettings.reapplyHint')}
        </Text>
      </Stack>
    </Stack>
  );
}
