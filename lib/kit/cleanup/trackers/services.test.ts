import { describe, expect, test } from 'vitest';
import { ServiceTracker } from './services.ts';

const usage = (project: string, ...services: Array<[id: number, used: 0 | 1]>) => ({
  operation: 'getProjectServicesUsage',
  args: ['k', project],
  value: services.map(([id, is_used]) => ({ id, short_name: 's', is_used })),
});
const change = (operation: string, key: string, project: string, service: string) => ({
  operation,
  args: [key, project, service],
  value: true,
});

describe('ServiceTracker', () => {
  test('a service read before its change is set back with the last session key', () => {
    const services = new ServiceTracker();
    services.observe(usage('101', [5, 0]));
    services.observe(change('activateService', 'k1', '101', '5'));
    services.observe(change('activateService', 'k2', '101', '5'));
    expect(services.plan()).toEqual({
      undo: [
        {
          kind: 'service',
          what: 'service 5 of project 101 inactive again',
          call: {
            kind: 'soap',
            service: 'project',
            operation: 'deactivateService',
            args: ['k2', 101, 5],
          },
        },
      ],
      remaining: [],
    });
  });

  test('a service back to its earlier state leaves nothing; the first read is the earlier state', () => {
    const services = new ServiceTracker();
    services.observe(usage('101', [5, 1]));
    services.observe(change('deactivateService', 'k', '101', '5'));
    services.observe(usage('101', [5, 0]));
    services.observe(change('activateService', 'k', '101', '5'));
    expect(services.plan()).toEqual({ undo: [], remaining: [] });
  });

  test('a service not read before its first change is listed, even if read afterwards', () => {
    const services = new ServiceTracker();
    services.observe(change('deactivateService', 'k', '101', '6'));
    services.observe(usage('101', [6, 1]));
    services.observe(change('activateService', 'k', '101', '6'));
    expect(services.plan()).toEqual({
      undo: [],
      remaining: [
        {
          kind: 'service',
          project: '101',
          what: 'service 6 of project 101 left active; its earlier state was not read',
        },
      ],
    });
  });
});
