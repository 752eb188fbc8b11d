import { Box, Field, HStack, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { messageOf } from '@/lib/api';
import { DISPLAY_CURRENCIES, formatMoney } from '@/lib/money';
import { getWorkplaceId } from '@/lib/storage';
import { notify } from '@/lib/toaster';
import type { Workplace } from '@/types/api';
import { DEFAULT_CURRENCY, resolveWorkplace, saveDisplayCurrency } from '../api/workplaces';

/** "Euro (EUR)" in the interface language, the code alone where the browser has no name. */
function currencyLabel(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale, 'en'], { type: 'currency' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/**
 * The workspace's display currency (spec: "Display currency follows the workspace currency"):
 * the order list shows selling price, costs and profit converted into it.
 */
export function DisplayCurrencyCard({ workplaces }: { workplaces: readonly Workplace[] }) {
  const { t, i18n } = useTranslation();
  const { mutate } = useSWRConfig();
  const workplace = resolveWorkplace(workplaces, getWorkplaceId());
  const [saving, setSaving] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  if (!workplace) return null;
  const current = chosen ?? (workplace.currency || DEFAULT_CURRENCY);
  const codes = DISPLAY_CURRENCIES.includes(current) ? DISPLAY_CURRENCIES : [current, ...DISPLAY_CURRENCIES];

  async function choose(code: string) {
    setSaving(true);
    const res = await saveDisplayCurrency(code);
    setSaving(false);
    if (!res.success) {
      notify('error', messageOf(res) || t('workplace.displayCurrency.failed'));
      return;
    }
    setChosen(code);
    notify('success', t('workplace.displayCurrency.saved', { currency: code }));
    // Every amount shown in the old currency (the account's workplaces, the order list) is read again.
    await mutate(() => true);
  }

  return (
    <Box bg="bg" borderWidth="1px" borderRadius="xl" p="5" data-testid="display-currency">
      <Stack gap="3">
        <Heading as="h2" size="md">
          {t('workplace.displayCurrency.title')}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t('workplace.displayCurrency.help', { workplace: workplace.name })}
        </Text>
        <HStack gap="4" wrap="wrap" align="end">
          <Field.Root maxW="xs">
            <Field.Label>{t('workplace.displayCurrency.label')}</Field.Label>
            <NativeSelect.Root size="sm" disabled={saving}>
              <NativeSelect.Field value={current} onChange={(e) => void choose(e.target.value)} data-testid="display-currency-select">
                {codes.map((code) => (
                  <option key={code} value={code}>
                    {currencyLabel(code, i18n.language)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Text fontSize="sm" color="fg.muted" data-testid="display-currency-example">
            {t('workplace.displayCurrency.example', { amount: formatMoney(1234.5, current, i18n.language) })}
          </Text>
        </HStack>
      </Stack>
    </Box>
  );
}
