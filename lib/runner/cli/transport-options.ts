/** `--insecure` and `--ca FILE` as transport options (lib/kit/clients/transport.ts); a bad file is a UsageError. */
import { readFileSync } from 'node:fs';
import type { TransportOptions } from '../../kit/clients/transport.ts';
import { UsageError } from './args.ts';

export function transportOptions(insecure: boolean, caFile: string | undefined): TransportOptions {
  let ca: string | undefined;
  if (caFile !== undefined) {
    try {
      ca = readFileSync(caFile, 'utf8');
    } catch (error) {
      throw new UsageError(`--ca: cannot read ${caFile}: ${(error as Error).message}`);
    }
    if (!ca.includes('-----BEGIN CERTIFICATE-----'))
      throw new UsageError(
        `--ca: ${caFile} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`,
      );
  }
  return { ...(insecure ? { insecure: true } : {}), ...(ca === undefined ? {} : { ca }) };
}
