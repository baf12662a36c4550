import { expect, test } from 'vitest';
import type { SoapAnswer } from '../soap/client.ts';
import { countsAgainstQuota, isQuotaFault, localClock } from './quota-calls.ts';

const fault = (code: string) =>
  ({ http: { status: 500 }, fault: { faultcode: code, faultstring: '' } }) as unknown as SoapAnswer;

test('the ledger counts what the platform counts: all but the refusals before the quota step', () => {
  expect(countsAgainstQuota({ http: { status: 200 }, value: 120 } as unknown as SoapAnswer)).toBe(
    true,
  );
  for (const code of ['3102', '3103', '3101', '3105', '4000', '0', 'SOAP-ENV:Server'])
    expect(countsAgainstQuota(fault(code)), code).toBe(true);
  for (const code of ['3001', '3200', '3100', ' 3104 '])
    expect(countsAgainstQuota(fault(code)), code).toBe(false);
  expect(countsAgainstQuota(undefined), 'no answer: it may have counted').toBe(true);
  expect(isQuotaFault(fault('4000'))).toBe(true);
  expect(isQuotaFault(fault('3102'))).toBe(false);
});

test('the time to wait is rounded up to the minute, never a minute too early', () => {
  expect(localClock(new Date(2026, 0, 1, 9, 5, 0))).toBe('09:05');
  expect(localClock(new Date(2026, 0, 1, 9, 5, 1))).toBe('09:06');
  expect(localClock(new Date(2026, 0, 1, 23, 59, 30))).toBe('00:00');
});
