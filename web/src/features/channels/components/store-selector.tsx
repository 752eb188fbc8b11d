import { Badge, Box, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChevronDownIcon, StoreIcon } from '@/components/icons';
import { useCurrentShop } from '../api/use-current-shop';
import { ChannelLogo } from './channel-logo';
import { CHANNEL_PATH } from './shopify-callback';

const MANAGE = '__manage__';

/** Store switcher under the workplace selector: the current shop of the workplace (spec section 4). */
export function StoreSelector({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { stores, current, select, isLoading } = useCurrentShop();

  if (isLoading && stores.length === 0) return null;
  if (stores.length === 0) {
    return (
      <Button
        variant="ghost"
        size="sm"
        w="full"
        justifyContent="start"
        colorPalette="teal"
        onClick={() => navigate(CHANNEL_PATH)}
        data-testid="store-selector-connect"
      >
        <StoreIcon />
        {t('channels.selector.connect')}
      </Button>
    );
  }

  return (
    <Menu.Root
      positioning={{ placement: 'bottom-start', sameWidth: !compact }}
      onSelect={(d) => (d.value === MANAGE ? navigate(CHANNEL_PATH) : select(d.value))}
    >
      <Menu.Trigger asChild>
        <Button
          variant="outline"
          size="sm"
          w={compact ? 'auto' : 'full'}
          justifyContent="space-between"
          data-testid="store-selector"
          data-current={current?.id}
          aria-label={t('channels.selector.label')}
        >
          {current ? <ChannelLogo id={current.platform} size={5} /> : <StoreIcon />}
          <Box flex="1" textAlign="start" minW="0">
            <Text fontSize="sm" fontWeight="medium" truncate lineHeight="1.3">
              {current ? current.name || current.platform_domain : t('channels.selector.none')}
            </Text>
          </Box>
          <ChevronDownIcon />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content data-testid="store-menu" minW="60">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{t('channels.selector.switch')}</Menu.ItemGroupLabel>
              {stores.map((s) => (
                <Menu.Item
                  key={s.id}
                  value={s.id}
                  data-testid={`store-option-${s.id}`}
                  fontWeight={s.id === current?.id ? 'semibold' : 'normal'}
                >
                  <ChannelLogo id={s.platform} size={5} />
                  <Box flex="1" minW="0">
                    <Text truncate>{s.name || s.platform_domain}</Text>
                    <Text fontSize="xs" color="fg.muted" truncate dir="ltr" textAlign="start">
                      {s.platform_domain}
                    </Text>
                  </Box>
                  {s.is_default ? (
                    <Badge size="xs" colorPalette="purple">
                      {t('channels.stores.default')}
                    </Badge>
                  ) : null}
                  {s.status !== 'connected' ? (
                    <Badge size="xs" colorPalette="gray">
                      {t('channels.badges.disconnected')}
                    </Badge>
                  ) : null}
                </Menu.Item>
              ))}
            </Menu.ItemGroup>
            <Menu.Separator />
            <Menu.Item value={MANAGE} data-testid="store-menu-manage">
              <StoreIcon />
              {t('channels.selector.manage')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
