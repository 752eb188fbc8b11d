import { Badge, Button, ButtonGroup, Checkbox, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PlusIcon } from '@/components/icons';
import { useStorePublications } from '../api/push';
import { type Choice, type Choices, type Destination, PLATFORM_NAMES, canUnpublish, tickedPublications } from '../lib/destinations';

interface RowProps {
  destination: Destination;
  choice: Choice;
  onChange: (patch: Partial<Choice>) => void;
  /** Already at this destination (update mode): pushed again over it. */
  pushed: boolean;
}

/** Shopify publication checkboxes of a ticked store (default: the Online Store). */
function Publications({ storeId, choice, onChange }: { storeId: string; choice: Choice; onChange: (patch: Partial<Choice>) => void }) {
  const { t } = useTranslation();
  const { data, isLoading, error } = useStorePublications(storeId);
  if (isLoading) return <Skeleton h="8" data-testid={`push-publications-loading-${storeId}`} />;
  const list = data ?? [];
  if (error || list.length === 0) {
    return (
      <Text fontSize="xs" color="fg.muted">
        {t('push.noPublications')}
      </Text>
    );
  }
  const ticked = tickedPublications(choice, list);
  const toggle = (id: string, on: boolean) =>
    onChange({ publications: on ? [...ticked.filter((x) => x !== id), id] : ticked.filter((x) => x !== id) });
  return (
    <Stack gap="1.5" data-testid={`push-publications-${storeId}`}>
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
        {t('push.publications')}
      </Text>
      <HStack gap="4" wrap="wrap">
        {list.map((p) => (
          <Checkbox.Root
            key={p.id}
            size="sm"
            checked={ticked.includes(p.id)}
            onCheckedChange={(e) => toggle(p.id, e.checked === true)}
            data-testid={`push-publication-${p.handle}`}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{p.name}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </HStack>
    </Stack>
  );
}

function DestinationRow({ destination: d, choice, onChange, pushed }: RowProps) {
  const { t } = useTranslation();
  const modes = canUnpublish(d.platform) ? ([true, false] as const) : ([true] as const);
  return (
    <Stack
      gap="2"
      p="3"
      borderWidth="1px"
      borderRadius="lg"
      bg={choice.selected ? 'teal.subtle' : 'bg'}
      data-testid={`push-destination-${d.key}`}
      data-platform={d.platform}
      data-selected={choice.selected}
    >
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Checkbox.Root
          checked={choice.selected}
          onCheckedChange={(e) => onChange({ selected: e.checked === true })}
          data-testid={`push-destination-check-${d.key}`}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            <HStack gap="2">
              <Badge size="sm" colorPalette="gray">
                {PLATFORM_NAMES[d.platform]}
              </Badge>
              <Text as="span" fontWeight="medium" lineClamp={1}>
                {d.name}
              </Text>
              {pushed ? (
                <Badge size="sm" colorPalette="teal">
                  {t('push.alreadyPushed')}
                </Badge>
              ) : null}
            </HStack>
          </Checkbox.Label>
        </Checkbox.Root>
        {choice.selected ? (
          <ButtonGroup size="xs" attached variant="outline" data-testid={`push-publish-${d.key}`}>
            {modes.map((publish) => (
              <Button
                key={String(publish)}
                variant={choice.publish === publish ? 'solid' : 'outline'}
                colorPalette={choice.publish === publish ? 'teal' : 'gray'}
                aria-pressed={choice.publish === publish}
                onClick={() => onChange({ publish })}
                data-testid={`push-publish-${d.key}-${publish ? 'publish' : 'unpublish'}`}
              >
                {publish ? t('push.publish') : t('push.unpublish')}
              </Button>
            ))}
          </ButtonGroup>
        ) : null}
      </HStack>
      {choice.selected && d.currency && d.currency !== 'USD' ? (
        <Text fontSize="xs" color="fg.muted" data-testid={`push-currency-${d.key}`}>
          {t('push.convertedTo', { currency: d.currency })}
        </Text>
      ) : null}
      {choice.selected && d.platform === 'shopify' ? <Publications storeId={d.key} choice={choice} onChange={onChange} /> : null}
    </Stack>
  );
}

interface SectionProps {
  destinations: readonly Destination[];
  choices: Choices | null;
  onChange: (key: string, patch: Partial<Choice>) => void;
  /** Destinations the products are already at. */
  pushedKeys: ReadonlySet<string>;
  channelPath: string;
  onNavigate: () => void;
}

/** Channel selection: connected stores and sales channels, publish or not, Shopify publications. */
export function DestinationSection({ destinations, choices, onChange, pushedKeys, channelPath, onNavigate }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="2" data-testid="push-destinations">
      <HStack justify="space-between" gap="3">
        <Text fontWeight="semibold">{t('push.channels')}</Text>
        <Link asChild fontSize="sm" color="teal.700">
          <RouterLink to={channelPath} onClick={onNavigate} data-testid="push-add-channels">
            <PlusIcon />
            {t('push.addMoreChannels')}
          </RouterLink>
        </Link>
      </HStack>
      {!choices ? [1, 2].map((i) => <Skeleton key={i} h="12" borderRadius="lg" />) : null}
      {choices
        ? destinations.map((d) =>
            choices[d.key] ? (
              <DestinationRow
                key={d.key}
                destination={d}
                choice={choices[d.key]}
                onChange={(patch) => onChange(d.key, patch)}
                pushed={pushedKeys.has(d.key)}
              />
            ) : null,
          )
        : null}
    </Stack>
  );
}
