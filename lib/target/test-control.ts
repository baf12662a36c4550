/** design.md, "Test control": the path a target may serve to move its clock. */
export const CLOCK_PATH = '/__conformance/clock';
