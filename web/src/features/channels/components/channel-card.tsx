import { Badge, Box, Button, Card, HStack, List, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalIcon } from '@/components/icons';
import { BRANDS, type LogoId, SETUP_STEPS } from '../lib/platforms';
import { ChannelLogo } from './channel-logo';

interface ChannelCardProps {
  id: LogoId;
  /** Active: connected; via: reached through a store's sales channels, none has it yet; coming: not connectable yet. */
  state: 'idle' | 'active' | 'via' | 'coming';
  learnMoreUrl?: string;
  /** Line under the title when connected (the account or store name). */
  detail?: string | null;
  onConnect?: () => void;
  onDisconnect?: () => void;
  connectLoading?: boolean;
  /** Extra actions (settings). */
  extra?: ReactNode;
}

/** Channel card (spec, second document): title, description, setup list, badges, actions. */
export function ChannelCard({ id, state, learnMoreUrl, detail, onConnect, onDisconnect, connectLoading, extra }: ChannelCardProps) {
  const { t } = useTranslation();
  const base = `channels.platforms.${id}`;
  return (
    <Card.Root size="sm" variant="outline" data-testid={`channel-card-${id}`} data-state={state} h="full">
      <Card.Header>
        <HStack gap="3" align="start">
          <ChannelLogo id={id} />
          <Stack gap="0.5" flex="1" minW="0">
            <HStack gap="2" wrap="wrap">
              <Card.Title fontSize="md">{BRANDS[id].name}</Card.Title>
              {state === 'active' ? (
                <Badge colorPalette="green" data-testid={`channel-active-${id}`}>
                  {t('channels.badges.active')}
                </Badge>
              ) : null}
              {state === 'coming' ? <Badge colorPalette="gray">{t('channels.badges.comingSoon')}</Badge> : null}
              {state === 'via' ? (
                <Badge colorPalette="gray" data-testid={`channel-via-${id}`}>
                  {t('channels.badges.viaShopify')}
                </Badge>
              ) : null}
            </HStack>
            {detail ? (
              <Text fontSize="xs" color="fg.muted" truncate data-testid={`channel-detail-${id}`}>
                {detail}
              </Text>
            ) : null}
          </Stack>
        </HStack>
      </Card.Header>
      <Card.Body gap="3">
        <Card.Description>{t(`${base}.description`)}</Card.Description>
        {state === 'idle' ? (
          <Box>
            <Text fontSize="xs" fontWeight="semibold" color="fg.muted" mb="1">
              {t('channels.setupTitle')}
            </Text>
            <List.Root as="ol" fontSize="sm" gap="1" ps="4">
              {SETUP_STEPS.map((step) => (
                <List.Item key={step}>{t(`${base}.setup.${step}`)}</List.Item>
              ))}
            </List.Root>
          </Box>
        ) : null}
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        {learnMoreUrl ? (
          <Button asChild variant="ghost" size="sm">
            <a href={learnMoreUrl} target="_blank" rel="noopener noreferrer" data-testid={`channel-learn-${id}`}>
              {t('channels.actions.learnMore')}
              <ExternalIcon boxSize="3.5" />
            </a>
          </Button>
        ) : null}
        {extra}
        {state !== 'coming' && onConnect ? (
          <Button
            size="sm"
            colorPalette="teal"
            ms="auto"
            onClick={onConnect}
            loading={connectLoading}
            data-testid={`channel-connect-${id}`}
          >
            {t('channels.actions.connect')}
          </Button>
        ) : null}
        {state === 'active' && onDisconnect ? (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            ms={onConnect ? undefined : 'auto'}
            onClick={onDisconnect}
            data-testid={`channel-disconnect-${id}`}
          >
            {t('channels.actions.disconnect')}
          </Button>
        ) : null}
      </Card.Footer>
    </Card.Root>
  );
}
