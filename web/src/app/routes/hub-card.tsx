import { Badge, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ExternalIcon } from '@/components/icons';

interface HubCardProps {
  testId: string;
  title: string;
  body: string;
  action: string;
  to: string;
  /** Opens outside Dropline, in a new tab. */
  external?: boolean;
  /** A count shown beside the title (items waiting there). */
  count?: number;
  done?: boolean;
}

/** A card of the welcome, manage and community pages: what is there, and the way to it. */
export function HubCard({ testId, title, body, action, to, external, count, done }: HubCardProps) {
  const { t } = useTranslation();
  return (
    <Stack bg="bg" borderWidth="1px" borderRadius="xl" p="5" gap="2" data-testid={testId}>
      <HStack gap="2" wrap="wrap">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {count !== undefined ? (
          <Badge colorPalette="teal" data-testid={`${testId}-count`}>
            {count}
          </Badge>
        ) : null}
        {done ? <Badge colorPalette="green">{t('hub.done')}</Badge> : null}
      </HStack>
      <Text fontSize="sm" color="fg.muted" flex="1">
        {body}
      </Text>
      <Button asChild size="sm" variant={done ? 'ghost' : 'outline'} colorPalette="teal" alignSelf="start">
        {external ? (
          <a href={to} target="_blank" rel="noopener noreferrer">
            {action}
            <ExternalIcon boxSize="3.5" />
          </a>
        ) : (
          <RouterLink to={to}>{action}</RouterLink>
        )}
      </Button>
    </Stack>
  );
}
