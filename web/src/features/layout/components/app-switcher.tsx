import { Box, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '@/components/ui/brand-mark';
import { ExternalIcon, GaugeIcon } from '@/components/icons';
import { siblingApps } from '../lib/apps';

function AppsIcon() {
  // Nine dots: the usual "apps" glyph.
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" fill="currentColor">
      {[3, 9, 15].flatMap((y) => [3, 9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
    </svg>
  );
}

/** The top bar's app switcher (spec sections 1 and 2): this app and its visible siblings. */
export function AppSwitcher({ researcherUrl }: { researcherUrl: string }) {
  const { t } = useTranslation();
  const apps = siblingApps({ researcherUrl });
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={t('appSwitcher.label')} data-testid="app-switcher">
          <AppsIcon />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content data-testid="app-switcher-menu" minW="72">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{t('appSwitcher.title')}</Menu.ItemGroupLabel>
              {apps.map((app) =>
                app.url ? (
                  <Menu.Item key={app.id} value={app.id} asChild data-testid={`app-switcher-${app.id}`}>
                    <a href={app.url} target="_blank" rel="noopener noreferrer">
                      <GaugeIcon boxSize="5" color="teal.700" />
                      <Stack gap="0" flex="1">
                        <Text fontWeight="medium">{t(`appSwitcher.apps.${app.id}.name`)}</Text>
                        <Text fontSize="xs" color="fg.muted">
                          {t(`appSwitcher.apps.${app.id}.description`)}
                        </Text>
                      </Stack>
                      <ExternalIcon boxSize="3.5" color="fg.subtle" />
                    </a>
                  </Menu.Item>
                ) : (
                  <Menu.Item key={app.id} value={app.id} disabled data-testid={`app-switcher-${app.id}`} aria-current="true">
                    <Box flexShrink={0}>
                      <BrandMark compact />
                    </Box>
                    <Stack gap="0" flex="1">
                      <Text fontWeight="semibold">{t('common.appName')}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        {t('appSwitcher.current')}
                      </Text>
                    </Stack>
                  </Menu.Item>
                ),
              )}
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
