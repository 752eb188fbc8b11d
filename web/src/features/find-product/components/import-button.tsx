import { Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CheckIcon, ImportIcon } from '@/components/icons';
import type { CardImportState } from '../lib/import-state';

export const IMPORT_LIST_PATH = '/app/products-import';
/** The imported product in the editor (its id is the card's product_package_id). */
const editorPath = (id: string) => `${IMPORT_LIST_PATH}/editor/${encodeURIComponent(id)}`;

/** Server messages of a failed import that have a translation. */
const KNOWN_ERRORS = new Set(['UpgradeToContinueImportingMoreProducts', 'ProductAlreadyImported', 'ImportFailed']);

/** Import button of a card or a detail page, following the card's import state. */
export function ImportButton({ state, onImport, size = 'sm' }: { state: CardImportState; onImport: () => void; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  if (state.status === 'imported') {
    return (
      <Button asChild size={size} w="full" variant="subtle" colorPalette="green" data-testid="import-button" data-state="imported">
        <RouterLink to={state.id ? editorPath(state.id) : IMPORT_LIST_PATH}>
          <CheckIcon />
          {t('findProduct.imported')}
        </RouterLink>
      </Button>
    );
  }
  return (
    <Stack gap="1" w="full">
      <Button
        size={size}
        w="full"
        colorPalette="teal"
        loading={state.status === 'importing'}
        loadingText={t('findProduct.importing')}
        onClick={onImport}
        data-testid="import-button"
        data-state={state.status}
      >
        <ImportIcon />
        {state.status === 'error' ? t('findProduct.importAgain') : t('findProduct.import')}
      </Button>
      {state.status === 'error' ? (
        <Text fontSize="xs" color="fg.error" data-testid="import-error" data-quota={state.quota ? 'true' : 'false'}>
          {KNOWN_ERRORS.has(state.message) ? t(`findProduct.importErrors.${state.message}`) : state.message}
        </Text>
      ) : null}
    </Stack>
  );
}
