import { Alert, Box, Button, Checkbox, HStack, Heading, Input, Stack, Text } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SearchIcon } from '@/components/icons';
import type { ListParams } from '@/lib/list-params';
import type { PageSelection } from '@/lib/page-selection';

/** A page's title (the document's one h1), its subtitle, and its actions on the right. */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children?: ReactNode }) {
  return (
    <HStack justify="space-between" gap="3" wrap="wrap">
      <Stack gap="0.5">
        <Heading as="h1" size="2xl" data-testid="page-title">
          {title}
        </Heading>
        {subtitle ? <Text color="fg.muted">{subtitle}</Text> : null}
      </Stack>
      {children ? (
        <HStack gap="3" wrap="wrap">
          {children}
        </HStack>
      ) : null}
    </HStack>
  );
}

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the trimmed text when the owner presses Enter or the button. */
  onSearch: (keyword: string) => void;
  placeholder: string;
  testId: string;
}

/** The keyword search above a list. */
export function SearchBox({ value, onChange, onSearch, placeholder, testId }: SearchBoxProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <HStack as="form" onSubmit={submit} gap="2" maxW="lg" role="search">
      <Input value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} bg="bg" data-testid={testId} />
      <Button type="submit" variant="outline" aria-label={t('common.search')}>
        <SearchIcon />
      </Button>
    </HStack>
  );
}

interface SelectionBarProps {
  testId: string;
  /** How much of the page is selected. */
  state: 'all' | 'some' | 'none';
  onToggle: (selectAll: boolean) => void;
  label: string;
  /** The bulk actions, shown while something is selected. */
  children?: ReactNode;
}

/** Select-all for the page and the bulk actions for what is selected. */
export function SelectionBar({ testId, state, onToggle, label, children }: SelectionBarProps) {
  return (
    <HStack gap="3" px="3" minH="10" wrap="wrap" data-testid={`${testId}-bulk-bar`}>
      <Checkbox.Root
        checked={state === 'all' ? true : state === 'some' ? 'indeterminate' : false}
        onCheckedChange={(e) => onToggle(e.checked === true)}
        data-testid={`${testId}-select-all`}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
      {children ? (
        <HStack gap="2" wrap="wrap">
          {children}
        </HStack>
      ) : null}
    </HStack>
  );
}

/** The select box of one row of a selectable list; `label` names the row for screen readers. */
export function RowCheckbox({
  checked,
  onChange,
  label,
  testId,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  label: string;
  testId: string;
}) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(e) => onChange(e.checked === true)} data-testid={testId}>
      <Checkbox.HiddenInput aria-label={label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

interface ListToolbarProps {
  /** `<testId>-search` is the search box; `<testId>-bulk-bar` and `<testId>-select-all` the selection bar. */
  testId: string;
  /** The page's translation group: its `searchPlaceholder`, `selectAll` and `selected` (with `count`). */
  texts: string;
  list: ListParams;
  selection: PageSelection<{ id: string }>;
  /** The bulk actions, shown while something is selected. */
  children?: ReactNode;
}

/** Above a searchable, selectable list: the keyword search and, once the page has rows, select-all and the bulk actions. */
export function ListToolbar({ testId, texts, list, selection, children }: ListToolbarProps) {
  const { t } = useTranslation();
  const count = selection.count;
  return (
    <>
      <SearchBox
        value={list.search}
        onChange={list.setSearch}
        onSearch={(keyword) => list.go({ keyword, page: 1 })}
        placeholder={t(`${texts}.searchPlaceholder`)}
        testId={`${testId}-search`}
      />
      {selection.pageHasRows ? (
        <SelectionBar
          testId={testId}
          state={selection.pageState}
          onToggle={selection.selectPage}
          label={count > 0 ? t(`${texts}.selected`, { count }) : t(`${texts}.selectAll`)}
        >
          {count > 0 ? children : null}
        </SelectionBar>
      ) : null}
    </>
  );
}

interface LoadErrorProps {
  testId: string;
  message: string;
  /** The server's own words under the message, when the message is ours. */
  detail?: string;
  onRetry: () => void;
  maxW?: string;
}

/** Something that could not load (a list, a page), with Retry. */
export function LoadError({ testId, message, detail, onRetry, maxW }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="error" data-testid={testId} maxW={maxW}>
      <Alert.Indicator />
      {detail === undefined ? (
        <Alert.Title>{message}</Alert.Title>
      ) : (
        <Alert.Content>
          <Alert.Title>{message}</Alert.Title>
          <Alert.Description>{detail}</Alert.Description>
        </Alert.Content>
      )}
      <Button size="sm" variant="outline" ms="auto" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert.Root>
  );
}

/** An empty list: what is missing and where to get it. */
export function EmptyState({ testId, message, action }: { testId: string; message: string; action?: { label: string; to: string } }) {
  return (
    <Box bg="bg" borderWidth="1px" borderStyle="dashed" borderRadius="xl" p="8" textAlign="center" data-testid={testId}>
      <Text fontWeight="semibold" mb={action ? '3' : undefined}>
        {message}
      </Text>
      {action ? (
        <Button asChild colorPalette="teal">
          <RouterLink to={action.to}>{action.label}</RouterLink>
        </Button>
      ) : null}
    </Box>
  );
}
