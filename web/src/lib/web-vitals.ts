import { type Metric, onCLS, onINP, onLCP } from 'web-vitals';
import { api } from './api';
import { getToken } from './storage';

/** The spec's thresholds (second document, section 9): a page load over one of them is reported. */
export const VITALS_THRESHOLDS = { LCP: 2500, CLS: 0.1, INP: 200 } as const;

/** What `POST /log/events` takes: the page load's vitals, browser, network and page path. */
export interface VitalsReport {
  path: string;
  lcp?: number;
  cls?: number;
  inp?: number;
  browser: string;
  network: string;
}

type Name = keyof typeof VITALS_THRESHOLDS;

/** Whether a report has a metric over its threshold. */
export function missesThreshold(r: Pick<VitalsReport, 'lcp' | 'cls' | 'inp'>): boolean {
  return (r.lcp ?? 0) > VITALS_THRESHOLDS.LCP || (r.cls ?? 0) > VITALS_THRESHOLDS.CLS || (r.inp ?? 0) > VITALS_THRESHOLDS.INP;
}

function browserName(): string {
  const brands = (navigator as Navigator & { userAgentData?: { brands?: { brand: string; version: string }[] } }).userAgentData?.brands;
  const real = brands?.find((b) => !/not.?a.?brand/i.test(b.brand) && b.brand !== 'Chromium') ?? brands?.[0];
  return real ? `${real.brand} ${real.version}` : navigator.userAgent.slice(0, 200);
}

function networkType(): string {
  return (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType ?? '';
}

/**
 * Watches this page load's LCP, CLS and INP (Google's web-vitals library) and, the first time one
 * is over its threshold while someone is signed in, sends what is known then, once.
 */
export function reportWebVitals(send: (r: VitalsReport) => unknown = (r) => api.post('log/events', r, { silent: true })) {
  const values: Partial<Record<Name, number>> = {};
  let sent = false;
  const take = (m: Metric) => {
    values[m.name as Name] = m.value;
    const report: VitalsReport = {
      path: window.location.pathname,
      lcp: values.LCP,
      cls: values.CLS,
      inp: values.INP,
      browser: browserName(),
      network: networkType(),
    };
    if (sent || !getToken() || !missesThreshold(report)) return;
    sent = true;
    void send(report);
  };
  onLCP(take);
  onCLS(take);
  onINP(take);
}
