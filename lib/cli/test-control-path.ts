/** design.md, "Test control": the path an implementation may serve to move its clock. */
export const CLOCK_PATH = '/__conformance/clock';
