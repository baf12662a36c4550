/** Platform project description fields (§2.1 DescField), seeded at start. */
export interface DescriptionField {
  id: number;
  name: string;
  isMandatory: boolean;
}

export const SEEDED_DESCRIPTION_FIELDS: readonly DescriptionField[] = [
  { id: 1, name: 'Full description', isMandatory: true },
  { id: 2, name: 'Other comments', isMandatory: false },
  { id: 3, name: 'Programming language', isMandatory: false },
];
