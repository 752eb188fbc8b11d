import { useState } from 'react';
import { useSearchParams } from 'react-router';

/** The 1-based page in `?page=`; anything missing or unreadable is page 1. */
export function pageParam(params: URLSearchParams): number {
  return Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
}

/**
 * The page and keyword of a searchable list, kept in the address (`?keyword=&page=`) so that a
 * reload or a shared link shows the same rows, and the search box's text until it is submitted.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const keyword = params.get('keyword') ?? '';
  const [search, setSearch] = useState(keyword);
  /** Opens another page or keyword; a new keyword should come with page 1. */
  const go = (next: { page?: number; keyword?: string }) => {
    const q = new URLSearchParams();
    const kw = next.keyword ?? keyword;
    if (kw) q.set('keyword', kw);
    if ((next.page ?? 1) > 1) q.set('page', String(next.page));
    setParams(q);
  };
  return { page, keyword, search, setSearch, go };
}

export type ListParams = ReturnType<typeof useListParams>;
