/**
 * The namespace the WSDL declares (§4.1), which answers name their types in (xsi:type), and what
 * a comparison with the run's namespace relies on. The run's namespace, {base}/soap/project, has
 * the base learned from that WSDL (lib/kit/soap/base.ts); when the WSDL's target namespace has no
 * such form, the run's is the target URL's, a guess: a check against it then relies on
 * soap.wsdl.target-namespace.
 */
import type { ConformanceContext } from '../../lib/kit/conformance-test.ts';
import { PROJECT_WSDL_PATH } from '../../lib/kit/soap/base.ts';
import { fetchWsdlText } from '../../lib/kit/soap/learn-base.ts';
import { readWsdl } from '../../lib/kit/soap/wsdl.ts';

import type { RequirementId } from '../../lib/requirements/index.ts';

export interface DeclaredNamespace {
  /** The WSDL's target namespace; the run's namespace when the WSDL gives none. */
  declared: string;
  /** What a check against the run's namespace (ctx.soap.namespace) relies on. */
  runsReliesOn: RequirementId[];
  /** What a check against `declared` relies on. */
  declaredReliesOn: RequirementId[];
}

export async function declaredNamespace(ctx: ConformanceContext): Promise<DeclaredNamespace> {
  const run = ctx.soap.namespace;
  let declared: string | undefined;
  try {
    const fetched = await fetchWsdlText(ctx.http, ctx.target.wsdlUrl ?? PROJECT_WSDL_PATH);
    if (fetched.status === 200) declared = readWsdl(fetched.text).targetNamespace;
  } catch {
    declared = undefined; // No WSDL to read: soap.wsdl.available's tests say so.
  }
  if (declared === undefined)
    return {
      declared: run,
      runsReliesOn: ['soap.wsdl.target-namespace'],
      declaredReliesOn: ['soap.wsdl.target-namespace'],
    };
  return {
    declared,
    runsReliesOn: declared === run ? [] : ['soap.wsdl.target-namespace'],
    declaredReliesOn: [],
  };
}
