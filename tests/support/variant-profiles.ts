/**
 * What a user would write in the profile (--profile FILE) for a server that takes a variant
 * (reference-server/variants.ts); tests/variants.test.ts passes it. A variant not listed here is
 * run with the default profile. Keyed by VariantName: an unknown variant is a compile error.
 */
import type { ProfileFile } from '../../lib/target/profile.ts';
import { OTHER_ADMINS_UGROUP, type VariantName } from '../../reference-server/variants.ts';

export const VARIANT_PROFILES: Readonly<Partial<Record<VariantName, ProfileFile>>> = {
  'admins-ugroup-other-id': {
    projectAdminsUgroupId: OTHER_ADMINS_UGROUP,
    // The seeded public project's static groups, as the default profile names them.
    fixtures: { staticUgroups: { projectId: 101, ugroupIds: [102, 103] } },
  },
};
