/**
 * The WSDL, when the traffic fetched it (GET {base_url}/soap/project/?wsdl answered 200): the
 * §4.1 names, style, use and SOAP actions, the §4.2 messages and parts (wsdl-checks.ts). A WSDL
 * that does not read as WSDL 1.1 fails soap.wsdl.available.
 */
import { readWsdl } from '../../../kit/soap/wsdl.ts';
import type { RuleFactory } from '../../rule.ts';
import { WSDL_REQUIREMENTS, wsdlProblems } from './wsdl-checks.ts';

export const wsdlRule: RuleFactory = () => {
  /** The last WSDL judged: clients fetch the same document again and again; it is read once. */
  let last: { text: string; problems: Map<string, string[]> } | undefined;
  return {
    requirements: WSDL_REQUIREMENTS,
    observe(view, verdicts) {
      if (!view.isWsdl || view.exchange.status !== 200 || view.exchange.truncated) return;
      const exchanges = [view.exchange];
      const line = `GET ${view.url.pathname}${view.url.search}`;
      const text = view.exchange.responseBody ?? '';
      if (last?.text !== text)
        try {
          last = { text, problems: wsdlProblems(readWsdl(text)) };
        } catch (error) {
          verdicts.fail('soap.wsdl.available', {
            message: `${line} answered 200 with no WSDL 1.1 document: ${(error as Error).message}`,
            expected: 'a WSDL 1.1 document declaring the 14 operations',
            actual: (error as Error).message,
            exchanges,
          });
          return;
        }
      for (const [requirement, problems] of last.problems) {
        if (problems.length === 0) verdicts.pass(requirement, exchanges);
        else
          verdicts.fail(requirement, {
            message: `the WSDL of ${line}: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? `; and ${problems.length - 3} more` : ''}`,
            actual: problems.join('; '),
            exchanges,
          });
      }
    },
  };
};
