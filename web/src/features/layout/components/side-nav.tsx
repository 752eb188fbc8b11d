import { Badge, Box, Flex, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { CountBadge } from '@/components/count-badge';
import { ExternalIcon } from '@/components/icons';
import { type BadgeKey, type NavItem, selectedNavId } from '../lib/nav';
import { NavIcon } from './nav-icon';

export type NavCounts = Partial<Record<BadgeKey, number>>;

function NavLink({ navItem, selected, counts }: { navItem: NavItem; selected: boolean; counts: NavCounts }) {
  const { t } = useTranslation();
  const content = (
    <>
      <NavIcon name={navItem.icon} boxSize="5" color={selected ? 'teal.700' : 'fg.muted'} />
      <Text as="span" flex="1" truncate>
        {t(navItem.labelKey)}
      </Text>
      {navItem.isNew ? (
        <Badge colorPalette="purple" size="xs" variant="subtle">
          {t('common.new')}
        </Badge>
      ) : null}
      {navItem.badge ? <CountBadge count={counts[navItem.badge]} data-testid={`nav-badge-${navItem.id}`} /> : null}
      {navItem.external ? <ExternalIcon boxSize="3.5" color="fg.subtle" /> : null}
    </>
  );
  const style = {
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    px: '3',
    py: '2',
    borderRadius: 'md',
    fontSize: 'sm',
    fontWeight: selected ? 'semibold' : 'medium',
    color: selected ? 'teal.800' : 'fg',
    bg: selected ? 'teal.50' : undefined,
    _hover: { bg: selected ? 'teal.50' : 'bg.muted', textDecoration: 'none' },
  } as const;
  return navItem.external ? (
    <Link href={navItem.to} target="_blank" rel="noopener noreferrer" data-testid={`nav-${navItem.id}`} {...style}>
      {content}
    </Link>
  ) : (
    <Link
      asChild
      data-testid={`nav-${navItem.id}`}
      aria-current={selected ? 'page' : undefined}
      data-selected={selected || undefined}
      {...style}
    >
      <RouterLink to={navItem.to}>{content}</RouterLink>
    </Link>
  );
}

interface SideNavProps {
  top: NavItem[];
  extra: NavItem[];
  counts: NavCounts;
  header?: ReactNode;
}

export function SideNav({ top, extra, counts, header }: SideNavProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const selected = selectedNavId([...top, ...extra], pathname);
  return (
    <Flex direction="column" h="full" gap="4" p="3" data-testid="side-nav" as="nav" aria-label={t('nav.label')}>
      {header ? <Box>{header}</Box> : null}
      <Stack gap="0.5" flex="1">
        {top.map((navItem) => (
          <NavLink key={navItem.id} navItem={navItem} selected={navItem.id === selected} counts={counts} />
        ))}
      </Stack>
      {extra.length > 0 ? (
        <Stack gap="0.5" data-testid="side-nav-extra">
          <Text px="3" pb="1" fontSize="xs" fontWeight="semibold" color="fg.subtle" textTransform="uppercase" letterSpacing="wide">
            {t('nav.extra')}
          </Text>
          {extra.map((navItem) => (
            <NavLink key={`extra-${navItem.id}`} navItem={navItem} selected={navItem.id === selected} counts={counts} />
          ))}
        </Stack>
      ) : null}
    </Flex>
  );
}
