import { Badge, Box, Button, Menu, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StoreIcon } from '@/components/icons';
import { SwitcherMenu } from '@/components/ui/switcher-menu';
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
    <SwitcherMenu
      testId="store"
      label={t('channels.selector.label')}
      icon={current ? <ChannelLogo id={current.platform} size={5} /> : <StoreIcon />}
      name={current ? current.name || current.platform_domain : t('channels.selector.none')}
      items={stores}
      currentId={current?.id}
      groupLabel={t('channels.selector.switch')}
      onSelect={(value) => (value === MANAGE ? navigate(CHANNEL_PATH) : select(value))}
      compact={compact}
      menuMinW="60"
      renderItem={(s) => (
        <>
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
        </>
      )}
      footer={
        <Menu.Item value={MANAGE} data-testid="store-menu-manage">
          <StoreIcon />
          {t('channels.selector.manage')}
        </Menu.Item>
      }
    />
  );
}
