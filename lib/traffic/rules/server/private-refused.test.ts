import { describe, expect, it } from 'vitest';
import {
  failuresOf,
  judgeExchanges,
  passesOf,
} from '../../../../tests/support/traffic-server-har.ts';
import { rest, soap } from '../../../../tests/support/traffic-server-exchanges.ts';
import { privateRefusedRule } from './private-refused.ts';

const outsider = { requestHeaders: { 'X-Auth-Token': '«redacted»', 'X-Auth-UserId': '105' } };
const trackers = [{ id: 9, label: 'Bugs' }];

describe('rest.access.private-refused from traffic', () => {
  it('passes what hangs below a refused project refused too', () => {
    const outcome = judgeExchanges(
      [
        rest('GET', '/api/projects/101', 403, { error: { code: 403 } }, {}, outsider),
        rest('GET', '/api/projects/101/trackers', 403, { error: { code: 403 } }, {}, outsider),
        rest('GET', '/api/projects/101', 401, { error: { code: 401 } }),
        rest('GET', '/api/projects/101/trackers', 401, { error: { code: 401 } }),
      ],
      [privateRefusedRule],
    );
    expect(failuresOf(outcome)).toEqual({});
    expect(passesOf(outcome)).toEqual({ 'rest.access.private-refused': 2 });
  });

  it("fails a private project's trackers served to the outsider it refused, and an artifact served anonymously", () => {
    const outcome = judgeExchanges(
      [
        rest(
          'GET',
          '/api/projects/101/trackers',
          200,
          trackers,
          {},
          { requestHeaders: { 'X-Auth-Token': 't', 'X-Auth-UserId': '102' } },
        ),
        rest(
          'GET',
          '/api/artifacts/7',
          200,
          { id: 7, project: { id: 101 }, tracker: { id: 9 } },
          {},
          { requestHeaders: { 'X-Auth-Token': 't', 'X-Auth-UserId': '102' } },
        ),
        rest('GET', '/api/projects/101', 403, { error: { code: 403 } }, {}, outsider),
        rest('GET', '/api/projects/101/trackers', 200, trackers, {}, outsider),
        rest('GET', '/api/projects/101', 401, { error: { code: 401 } }),
        rest('GET', '/api/artifacts/7', 200, { id: 7 }),
        rest('GET', '/api/projects', 200, []),
      ],
      [privateRefusedRule],
    );
    expect(failuresOf(outcome)).toEqual({ 'rest.access.private-refused': 2 });
  });

  it('does not fail once the caller became a member, nor on a 401 to a user (bad credentials)', () => {
    const outcome = judgeExchanges(
      [
        rest('GET', '/api/projects/101', 403, { error: { code: 403 } }, {}, outsider),
        soap(
          'addProjectMember',
          '<ns1:addProjectMemberResponse><addProjectMember xsi:type="xsd:boolean">true</addProjectMember></ns1:addProjectMemberResponse>',
          200,
          'text/xml',
          '<ns1:addProjectMember><sessionKey>k</sessionKey><groupId>101</groupId><userLogin>bob</userLogin></ns1:addProjectMember>',
        ),
        rest('GET', '/api/projects/101/trackers', 200, trackers, {}, outsider),
        rest('GET', '/api/projects/102', 401, { error: { code: 401 } }, {}, outsider),
        rest('GET', '/api/projects/102/trackers', 200, trackers, {}, outsider),
        rest('GET', '/api/projects', 200, []),
      ],
      [privateRefusedRule],
    );
    expect(failuresOf(outcome)).toEqual({});
  });
});
