import { SimpleGrid } from '@chakra-ui/react';
import type { ProductCard as Card } from '@/types/products';
import type { CardImportState } from '../lib/import-state';
import { productKey } from '../lib/query';
import { ProductCard, ProductCardSkeleton } from './product-card';

interface ProductGridProps {
  items: readonly Card[] | undefined;
  loading: boolean;
  skeletons: number;
  shipTo: string;
  newTab: boolean;
  stateOf: (card: Card) => CardImportState;
  favourites: ReadonlySet<string>;
  onImport: (card: Card) => void;
  onFavourite: (card: Card) => void;
}

export function ProductGrid({ items, loading, skeletons, shipTo, newTab, stateOf, favourites, onImport, onFavourite }: ProductGridProps) {
  return (
    <SimpleGrid columns={{ base: 2, md: 3, lg: 4, '2xl': 5 }} gap={{ base: '2', md: '4' }} data-testid="product-grid" aria-busy={loading}>
      {loading
        ? Array.from({ length: skeletons }, (_, i) => <ProductCardSkeleton key={i} />)
        : (items ?? []).map((card) => (
            <ProductCard
              key={productKey(card)}
              card={card}
              shipTo={shipTo}
              newTab={newTab}
              state={stateOf(card)}
              favourite={favourites.has(productKey(card))}
              onImport={() => onImport(card)}
              onFavourite={() => onFavourite(card)}
            />
          ))}
    </SimpleGrid>
  );
}
