import { describe, expect, test } from 'vitest';
import { npmTookMessage, optionsNpmTook } from './npm-swallowed.ts';

describe('npm run conformance --target URL (no --)', () => {
  test("the harness's options npm took for itself are found in npm's environment", () => {
    const env = {
      npm_lifecycle_event: 'conformance',
      npm_config_target: 'true',
      npm_config_report_dir: 'true',
      npm_config_cache: '/root/.npm',
    };
    expect(optionsNpmTook(env)).toEqual(['--target', '--report-dir']);
    expect(npmTookMessage(['--target'], 'conformance')).toBe(
      "npm took --target for its own option: put -- before the harness's options (npm run conformance -- --target …)",
    );
  });

  test('outside npm, or with a value npm set from its own config, nothing is said', () => {
    expect(optionsNpmTook({ npm_config_target: 'true' })).toEqual([]);
    expect(
      optionsNpmTook({ npm_lifecycle_event: 'conformance', npm_config_target: '20.19.0' }),
    ).toEqual([]);
  });
});
