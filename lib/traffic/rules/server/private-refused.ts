/**
 * §5.2: what hangs below a private project is refused like the project itself
 * (rest.access.private-refused). From traffic: a caller refused the project (GET /api/projects/<id>
 * answered 403 or 404 to a user, 401 to an anonymous caller) who is served what hangs below it
 * (its trackers, a tracker, the artifact query, an artifact, a creation or an update), or the
 * other way round, with no change of membership in between, got one of the two answers wrong:
 * the project refused means it is private and the caller outside it. A 401 to a user says the
 * credentials were refused, not the project: it proves nothing. Membership changes through SOAP
 * (any successful call but the get* ones, on that project or, when the traffic cannot tell which,
 * on every project) and a project created meanwhile (a refused id may be a project to come) end
 * what an earlier answer proved.
 */
import type { TrafficExchange } from '../../exchange.ts';
import type { RuleFactory } from '../../rule.ts';
import type { ExchangeView } from '../../view.ts';
import { BoundedMap } from '../../bounded-map.ts';
import { callerOf } from './callers.ts';
import { PendingFindings } from './pending.ts';
import { ProjectMap } from './project-map.ts';
import { soapCallOf } from './soap-call.ts';
import { evidence } from './evidence.ts';

const REQUIREMENT = 'rest.access.private-refused';
const PAIRS_KEPT = 10_000;
const PROJECTS_KEPT = 10_000;

interface Answers {
  refused?: TrafficExchange;
  served?: TrafficExchange;
}

export const privateRefusedRule: RuleFactory = () => {
  const projects = new ProjectMap();
  const answers = new BoundedMap<string, Answers>(PAIRS_KEPT);
  /** The last membership change seen, per project (its end), and for every project at once. */
  const changes = new BoundedMap<number, number>(PROJECTS_KEPT);
  let changedAll = 0;
  const pending = new PendingFindings();
  const changedSince = (project: number, sinceMs: number) =>
    Math.max(changes.get(project) ?? 0, changedAll) > sinceMs;
  return {
    requirements: [REQUIREMENT],
    end: (verdicts) => pending.end(verdicts),
    observe(view, verdicts) {
      pending.settle(view, verdicts);
      const change = membershipChange(view);
      if (change !== undefined) {
        if (change === 'all') changedAll = Math.max(changedAll, view.exchange.endedMs);
        else changes.set(change, Math.max(changes.get(change) ?? 0, view.exchange.endedMs));
        return;
      }
      const project = projects.projectOf(view);
      projects.learn(view);
      const caller = callerOf(view);
      const status = view.exchange.status;
      if (project === undefined || caller === undefined || status === undefined) return;
      const itself = view.method === 'GET' && view.rest?.shape === '/projects/<id>';
      const key = `${caller} ${project}`;
      const known = answers.get(key) ?? {};
      const refusal =
        caller === 'anonymous'
          ? status === 401 || status === 403 || status === 404
          : status === 403 || status === 404;
      if (itself && refusal) {
        answers.set(key, { ...known, refused: evidence(view.exchange) });
        if (known.served) judge(known.served, view.exchange, project, caller, false);
        return;
      }
      if (itself || status < 200 || status >= 300) {
        if (!itself && refusal && known.refused)
          verdicts.pass(REQUIREMENT, [known.refused, view.exchange]);
        return;
      }
      answers.set(key, { ...known, served: evidence(view.exchange) });
      if (known.refused) judge(known.refused, view.exchange, project, caller, true);

      function judge(
        first: TrafficExchange,
        second: TrafficExchange,
        id: number,
        who: string,
        servedLast: boolean,
      ): void {
        if (first.endedMs > second.startedMs || changedSince(id, first.startedMs)) return;
        const refusedOne = servedLast ? first : second;
        const servedOne = servedLast ? second : first;
        pending.add({
          requirement: REQUIREMENT,
          judged: second,
          details: {
            message: `project ${id} was refused to ${who} (GET ${new URL(refusedOne.url).pathname} answered ${refusedOne.status}), yet ${servedOne.method} ${new URL(servedOne.url).pathname} served it ${servedOne.status}, with no change of membership in between: what hangs below a private project is refused like the project itself`,
            expected:
              'a refusal like the project itself (401 anonymously; 401, 403 or 404 to a user outside it)',
            actual: `HTTP ${servedOne.status}`,
            exchanges: [first, second],
          },
          clearedBy: (other) => {
            const changed = membershipChange(other);
            return changed === 'all' || changed === id;
          },
        });
      }
    },
  };
};

const READS = /^get/;

/** The project whose membership a successful SOAP call may have changed ('all': unknown). */
function membershipChange(view: ExchangeView): number | 'all' | undefined {
  if (!view.isSoapCall) return undefined;
  const call = soapCallOf(view);
  if (!call) return undefined;
  if (READS.test(call.operation.name) || view.exchange.status !== 200) return undefined;
  const answer = view.soapAnswer();
  if ('problem' in answer || answer.value.fault) return undefined;
  if (call.operation.name === 'addProject') return 'all';
  const group = call.request.parts.find((p) => p.name === 'groupId' || p.name === 'group_id');
  const id = group && /^\s*\d+\s*$/.test(group.text) ? Number(group.text) : undefined;
  return id ?? 'all';
}
