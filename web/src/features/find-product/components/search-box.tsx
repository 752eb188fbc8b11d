import { Button, HStack, Input, InputGroup } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '@/components/icons';

/** Keyword search: submitted with Enter or the Search button. */
export function SearchBox({ keyword, onSearch }: { keyword: string; onSearch: (keyword: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(keyword);
  useEffect(() => setValue(keyword), [keyword]);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(value.trim());
  }
  return (
    <HStack as="form" onSubmit={submit} gap="2" w="full" role="search" data-testid="find-search-form">
      <InputGroup startElement={<SearchIcon color="fg.muted" />} flex="1">
        <Input
          type="search"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={t('findProduct.searchPlaceholder')}
          aria-label={t('findProduct.searchPlaceholder')}
          bg="bg"
          data-testid="find-search"
        />
      </InputGroup>
      <Button type="submit" colorPalette="teal" data-testid="find-search-submit">
        {t('findProduct.search')}
      </Button>
    </HStack>
  );
}
