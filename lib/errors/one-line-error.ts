/**
 * An expected problem of a command (a bad option, an invalid profile, an unreachable target, …):
 * the CLI prints its message as one line on stderr and exits 2, with no stack. Its own module, so
 * that the CLI can recognise every such error without loading the modules that throw them.
 */
export class OneLineError extends Error {}
