/** What a sync-log entry says, from its detail (supplier sync: `change`, `unpublished`; smart push: `destinations`). */
import type { SyncLogEntry } from '@/types/push';

export type LogLine =
  | { kind: 'text'; text: string }
  | { kind: 'unpublished' }
  | { kind: 'destinations'; keys: string[] }
  /** Smart push had the model rewrite the listing in this style, tone and language. */
  | { kind: 'written'; style: string; tone: string; language: string };

/** Known kinds have a translated name (productCenter.logKinds.<kind>). */
export const LOG_KINDS = ['supplier_sync', 'smart_push', 'ai_writing'] as const;

export function logLines(detail: SyncLogEntry['detail']): LogLine[] {
  if (!detail || typeof detail !== 'object') return [];
  const lines: LogLine[] = [];
  if (typeof detail.change === 'string' && detail.change) lines.push({ kind: 'text', text: detail.change });
  if (detail.unpublished === true) lines.push({ kind: 'unpublished' });
  if (Array.isArray(detail.destinations)) lines.push({ kind: 'destinations', keys: detail.destinations.map(String) });
  const written = [detail.style, detail.tone, detail.language];
  if (written.every((v) => typeof v === 'string' && v))
    lines.push({ kind: 'written', style: String(detail.style), tone: String(detail.tone), language: String(detail.language) });
  const known = new Set(['change', 'changes', 'unpublished', 'destinations', 'style', 'tone', 'language']);
  for (const [key, value] of Object.entries(detail)) {
    if (known.has(key) || value === null || value === undefined) continue;
    lines.push({ kind: 'text', text: `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}` });
  }
  return lines;
}
