import { Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { ChevronDownIcon, GlobeIcon } from '@/components/icons';
import { SUPPORTED_LANGUAGES, changeLanguage, currentLanguage, i18n } from '@/lib/i18n';
import { useIsMobile } from '@/lib/use-media-query';
import { saveAccountLanguage } from '../api/account';

interface LanguageSelectorProps {
  /** Save the choice on the account (signed-in area). */
  persist?: boolean;
}

/** Each language is shown by its own name, read from its own locale file. */
function nativeName(lng: string): string {
  return i18n.t('meta.nativeName', { lng });
}

export function LanguageSelector({ persist = false }: LanguageSelectorProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const current = currentLanguage();
  const { mutate } = useSWRConfig();

  async function onSelect(lng: string) {
    await changeLanguage(lng);
    if (persist) await saveAccountLanguage(lng, mutate);
  }

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={t('language.label')} data-testid="language-selector" px="2">
          <GlobeIcon />
          {isMobile ? null : nativeName(current)}
          <ChevronDownIcon />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44" data-testid="language-menu">
            <Menu.RadioItemGroup value={current} onValueChange={(d) => void onSelect(d.value)}>
              <Menu.ItemGroupLabel>{t('language.label')}</Menu.ItemGroupLabel>
              {SUPPORTED_LANGUAGES.map((lng) => (
                <Menu.RadioItem key={lng} value={lng} data-testid={`language-option-${lng}`} lang={lng}>
                  {nativeName(lng)}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
