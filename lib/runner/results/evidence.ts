/**
 * Self-validation's evidence that a check can fail: the planted faults of the reference server
 * (reference-server/faults/) that break each requirement. lib/requirements/planted-fault-evidence.json
 * is made from their declarations by `npm run generate`; tests/self-validation.test.ts sees each
 * fault fail exactly those requirements.
 */
import evidence from '../../requirements/planted-fault-evidence.json' with { type: 'json' };

export interface FaultEvidence {
  /** How the file was made and how to make it again. */
  about: string;
  /** By planted fault: the requirements that failed when it was planted, sorted. */
  faults: Record<string, string[]>;
}

export const FAULT_EVIDENCE: FaultEvidence = evidence;

const byRequirement = new Map<string, string[]>();
for (const [fault, requirements] of Object.entries(FAULT_EVIDENCE.faults))
  for (const id of requirements) byRequirement.set(id, [...(byRequirement.get(id) ?? []), fault]);

/** The planted faults seen failing the requirement, sorted; [] when none is known. */
export function plantedFaultsOf(requirementId: string): string[] {
  return [...(byRequirement.get(requirementId) ?? [])].sort();
}
