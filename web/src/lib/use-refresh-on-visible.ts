import { useEffect, useRef } from 'react';

/** Calls `refresh` when the tab becomes visible again (the owner comes back from another tab). */
export function useRefreshOnVisible(refresh: () => unknown) {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  }, [refresh]);
  useEffect(() => {
    const onChange = () => {
      if (document.visibilityState === 'visible') void latest.current();
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
}
