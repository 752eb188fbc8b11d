/** What a sync-log entry says, from its detail (supplier sync: `change`, `unpublished`; smart push: `destinations`). */
import type { SyncLogEntry } from '@/types/push';

export type LogLine = { kind: 'text'; text: string } | { kind: 'unpublished' } | { kind: 'destinations'; keys: string[] };

/** Known kinds have a translated name (productCenter.logKinds.<kind>). */
export const LOG_KINDS = ['supplier_sync', 'smart_push'] as const;

export function logLines(detail: SyncLogEntry['detail']): LogLine[] {
  if (!detail || typeof detail !== 'object') return [];
  const lines: LogLine[] = [];
  if (typeof detail.change === 'string' && detail.change) lines.push({ kind: 'text', text: detail.change });
  if (detail.unpublished === true) lines.push({ kind: 'unpublished' });
  if (Array.isArray(detail.destinations)) lines.push({ kind: 'destinations', keys: detail.destinations.map(String) });
  const known = new Set(['change', 'changes', 'unpublished', 'destinations']);
  for (const [key, value] of Object.entries(detail)) {
    if (known.has(key) || value === null || value === undefined) continue;
    lines.push({ kind: 'text', text: `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}` });
  }
  return lines;
}
